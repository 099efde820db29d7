/**
 * A page that broke an invariant, kept where `npm run dev -- --counterexamples` shows it: in
 * counterexamples/pages/ (not tracked by git), named as the fixture page file its address reads,
 * which the dev server's fixture service then answers instead (fixture-service/fixtures.ts), so
 * the address that failed shows it with the same route and layout. The tracked fixtures are never
 * written; `tools/test-properties.ts` empties the folder when a run starts.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fixtureSchemaFile } from "../../tools/authoring/fixturePageSchema.ts";
import { matchAddress } from "../../src/inspector/route.ts";
import { counterexampleDir } from "../../tools/counterexamples.ts";
import { fixturePageNames } from "./render.ts";

export function writeCounterexample(address: string, page: Record<string, unknown>): { file: string; open: string } {
  const route = matchAddress(address);
  const existing = fixturePageNames();
  // A fixed route's page, or the catch-all's single segment; a detail page (made by the service from a list) cannot be a file, so it shows at /Counterexample.
  const wanted = route.page ?? (route.pattern === "*" ? decodeURIComponent(route.path.slice(1)) : "Counterexample");
  const name = existing.find((file) => file.toLowerCase() === wanted.toLowerCase()) ?? wanted;
  const shownAt = route.page || route.pattern === "*" ? address : `/${name}`;
  // The fixture file's own name and id, so the service finds it in its place (a generated id may be another page's).
  const idOf = (path: string): number => {
    const id: unknown = (JSON.parse(readFileSync(path, "utf8")) as { id?: unknown }).id;
    return typeof id === "number" ? id : 0;
  };
  const fixture = `fixtures/pages/${name}.json`;
  const id = existsSync(fixture) ? idOf(fixture) : Math.max(0, ...existing.map((other) => idOf(`fixtures/pages/${other}.json`))) + 1;
  const dir = join(counterexampleDir, "pages");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.json`);
  writeFileSync(file, `${JSON.stringify({ $schema: `../../${fixtureSchemaFile}`, ...page, id, name }, null, 2)}\n`);
  return { file, open: `npm run dev -- --counterexamples, then open http://localhost:5173${shownAt}` };
}
