/**
 * `npm run check:fixtures`: every fixture page file (fixtures/pages/*.json) against the page
 * schema derived from the content contract, with unique ids and names and each name its file's;
 * one line per problem with file and JSON path, exit code 1 when there is any.
 */
import { readFixturePages } from "./authoring/fixtureCheck.ts";
import { formatProblem } from "../src/runtime/problems.ts";

const dir = process.env.FIXTURES_DIR ?? "fixtures";
const { files, problems } = readFixturePages(dir);
if (problems.length > 0) {
  for (const problem of problems) console.error(formatProblem(problem));
  console.error(`\n${problems.length} problem${problems.length === 1 ? "" : "s"} found in ${dir}/pages/.`);
  process.exit(1);
}
console.log(`Fixture pages are valid (${files.length} files in ${dir}/pages/).`);
