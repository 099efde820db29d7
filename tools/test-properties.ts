/**
 * `npm run test:properties [-- --seed N] [-- --runs N]`: the fixture check, then the property
 * tests (tests/properties/, docs/qa.md): every fixture page rendered by the server, mutations of
 * them and pages generated from the content contract, against the named invariants. Prints the
 * pages covered and the seed; the same seed reruns the same pages.
 *   --seed N / PROPERTY_SEED    the seed (default: a new one each run)
 *   --runs N / PROPERTY_RUNS    generated pages per property (default 100)
 */
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { readFixturePages } from "./authoring/fixtureCheck.ts";
import { formatProblem } from "../src/runtime/problems.ts";
import { counterexampleDir } from "./counterexamples.ts";

function option(name: string, variable: string): string | undefined {
  const args = process.argv.slice(2);
  const index = args.findIndex((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
  const arg = args[index];
  const given = arg === undefined ? undefined : arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : args[index + 1];
  const value = given ?? process.env[variable];
  if (value !== undefined && !/^\d+$/.test(value)) {
    console.error(`--${name} (or ${variable}) is a whole number, not "${value}"`);
    process.exit(2);
  }
  return value;
}

const seed = option("seed", "PROPERTY_SEED") ?? String(Math.floor(Math.random() * 2 ** 31));
const runs = option("runs", "PROPERTY_RUNS") ?? "100";

// The fixture pages must be valid before properties say anything about them (npm run check:fixtures).
const fixtures = readFixturePages("fixtures");
if (fixtures.problems.length > 0) {
  for (const problem of fixtures.problems) console.error(formatProblem(problem));
  console.error(`\n${fixtures.problems.length} problem${fixtures.problems.length === 1 ? "" : "s"} in fixtures/pages/: fix them first (npm run check:fixtures).`);
  process.exit(1);
}

// A run writes the pages that break an invariant (npm run dev -- --counterexamples shows them): those of an earlier run go.
rmSync(counterexampleDir, { recursive: true, force: true });

const summary = `${fixtures.files.length} fixture pages covered (every file in fixtures/pages/), ${runs} mutated and ${runs} generated pages, seed ${seed}`;
console.log(`test:properties: ${summary}\n`);
const started = Date.now();
const vitest = spawnSync(process.execPath, ["node_modules/vitest/vitest.mjs", "run", "--config", "tests/properties/vitest.config.ts", "--reporter=verbose"], {
  stdio: "inherit",
  env: { ...process.env, PROPERTY_SEED: seed, PROPERTY_RUNS: runs },
});
const seconds = Math.round((Date.now() - started) / 1000);
const passed = vitest.status === 0;
console.log(`\ntest:properties ${passed ? "passed" : "FAILED"} in ${seconds} s: ${summary}.`);
if (!passed) console.log(`Rerun these pages: npm run test:properties -- --seed ${seed} --runs ${runs}; each broken invariant's page is in ${counterexampleDir}/pages/ (npm run dev -- --counterexamples shows it: docs/qa.md)`);
process.exit(vitest.status ?? 1);
