/** `npm run generate`: rewrites the files derived from the block folders (see tools/authoring/generate.ts). */
import { readFileSync, writeFileSync } from "node:fs";
import { jsonSyntaxProblems } from "../src/build/jsonFile.ts";
import { formatProblem } from "../src/runtime/problems.ts";

// The generator's modules import registry/*.json: a file that is not JSON is named with its line and column first.
const syntax = jsonSyntaxProblems(process.cwd(), ["registry"]);
if (syntax.length > 0) {
  for (const problem of syntax) console.error(formatProblem(problem));
  process.exit(1);
}
const { readBlockFolders } = await import("./authoring/blockFolders.ts");
const { generatedFiles } = await import("./authoring/generate.ts");

const { declarations, problems } = await readBlockFolders();
if (problems.length > 0) {
  for (const problem of problems) console.error(formatProblem(problem));
  process.exit(1);
}
for (const [file, content] of Object.entries(generatedFiles(declarations))) {
  let current: string | undefined;
  try {
    current = readFileSync(file, "utf8");
  } catch {
    current = undefined;
  }
  if (current === content) continue;
  writeFileSync(file, content);
  console.log(`wrote ${file}`);
}
console.log(`${declarations.length} blocks.`);
