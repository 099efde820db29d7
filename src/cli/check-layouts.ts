/**
 * `npm run check:layouts`: every problem in registry/ and layouts/, one line each with file,
 * JSON path and message; exit code 1 when there is any.
 */
import { ConfigError, formatProblem } from "../runtime/problems.ts";

try {
  const { checkConfiguration } = await import("./checkConfig.ts");
  const { problems, layouts } = await checkConfiguration();
  if (problems.length > 0) {
    for (const problem of problems) console.error(formatProblem(problem));
    console.error(`\n${problems.length} problem${problems.length === 1 ? "" : "s"} found.`);
    process.exit(1);
  }
  console.log(`Layouts and registry are valid (${layouts.length} layout files).`);
} catch (error) {
  // A registry file that does not parse fails when the registry loads.
  if (error instanceof ConfigError) {
    for (const problem of error.problems) console.error(formatProblem(problem));
    console.error(`\n${error.problems.length} problem${error.problems.length === 1 ? "" : "s"} found.`);
    process.exit(1);
  }
  throw error;
}
