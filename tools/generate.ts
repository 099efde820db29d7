/** `npm run generate`: rewrites the files derived from the block folders (see src/build/generate.ts). */
import { readFileSync, writeFileSync } from "node:fs";
import { formatProblem } from "../src/runtime/problems.ts";
import { readBlockFolders } from "../src/build/blockFolders.ts";
import { generatedFiles } from "../src/build/generate.ts";

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
