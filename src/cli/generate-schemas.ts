/** `npm run schemas`: writes registry/*.schema.json from the zod schemas. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { generateSchemas, serializeSchema } from "./schemas.ts";

for (const [file, schema] of Object.entries(generateSchemas())) {
  writeFileSync(join("registry", file), serializeSchema(schema));
  console.log(`wrote registry/${file}`);
}
