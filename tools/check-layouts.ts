/**
 * `npm run check:layouts`: every problem in registry/ and layouts/, one line each with file,
 * JSON path and message; exit code 1 when there is any. Warnings (a tag filter no fixture item
 * matches) are printed and do not fail.
 */
import { jsonSyntaxProblems } from "../src/build/jsonFile.ts";
import { formatProblem } from "../src/runtime/problems.ts";

// The checker's own modules import registry/*.json: a file that is not JSON is reported, with its
// line and column, before they are loaded (the import would fail with a bundler's stack trace).
const syntax = jsonSyntaxProblems(process.cwd(), ["registry", "layouts"]);
if (syntax.length > 0) {
  for (const problem of syntax) console.error(formatProblem(problem));
  process.exit(1);
}

const { checkSiteConfig, checkLayout, readLayoutFiles } = await import("../src/build/siteConfig.ts");
const { problems, layouts } = await checkSiteConfig();
if (problems.length > 0) {
  for (const problem of problems) console.error(formatProblem(problem));
  console.error(`\n${problems.length} problem${problems.length === 1 ? "" : "s"} found.`);
  process.exit(1);
}

const { unmatchedTagFilters } = await import("./authoring/tagFilters.ts");
const { readFixturePages } = await import("./authoring/fixtureCheck.ts");
const files = readLayoutFiles("layouts");
const resolved = await Promise.all(layouts.map((name) => checkLayout(name, files.source)));
const warnings = unmatchedTagFilters(resolved, readFixturePages("fixtures").pages);
for (const warning of warnings) console.warn(`warning: ${formatProblem(warning)}`);
console.log(`Layouts and registry are valid (${layouts.length} layout files${warnings.length > 0 ? `; ${warnings.length} warning${warnings.length === 1 ? "" : "s"}` : ""}).`);
