/**
 * `npm run check:layouts`: every problem in registry/ and layouts/, one line each with file,
 * JSON path and message; exit code 1 when there is any.
 */
import { formatProblem } from "../src/runtime/problems.ts";
import { checkSiteConfig } from "../src/build/siteConfig.ts";

const { problems, layouts } = await checkSiteConfig();
if (problems.length > 0) {
  for (const problem of problems) console.error(formatProblem(problem));
  console.error(`\n${problems.length} problem${problems.length === 1 ? "" : "s"} found.`);
  process.exit(1);
}
console.log(`Layouts and registry are valid (${layouts.length} layout files).`);
