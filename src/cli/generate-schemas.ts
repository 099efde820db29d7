/** `npm run schemas`: writes registry/*.schema.json from the zod schemas, and the named routes of registry/routes.json as TypeScript. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { generateRoutePaths, routePathsFile } from "./routePaths.ts";
import { generateSchemas, serializeSchema } from "./schemas.ts";

for (const [file, schema] of Object.entries(generateSchemas())) {
  writeFileSync(join("registry", file), serializeSchema(schema));
  console.log(`wrote registry/${file}`);
}
writeFileSync(routePathsFile, generateRoutePaths());
console.log(`wrote ${routePathsFile}`);
