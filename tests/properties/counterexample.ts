/**
 * A page that broke an invariant, written where `npm run dev` shows it: as the fixture page file
 * its address reads (fixtures/pages/<page>.json), so the address that failed shows it with the
 * same route and layout, and `git diff fixtures/pages` shows what the mutation changed.
 * `git checkout fixtures/pages` puts the fixtures back (docs/qa.md).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fixtureSchemaReference } from "../../src/build/fixturePageSchema.ts";
import { matchAddress } from "../../src/inspector/route.ts";
import { fixturePageNames } from "./render.ts";

export function writeCounterexample(address: string, page: Record<string, unknown>): { file: string; address: string } {
  const route = matchAddress(address);
  const existing = fixturePageNames();
  // A fixed route's page, or the catch-all's single segment; a detail page (made by the service from a list) cannot be a file, so it shows at /Counterexample.
  const wanted = route.page ?? (route.pattern === "*" ? decodeURIComponent(route.path.slice(1)) : "Counterexample");
  const name = existing.find((file) => file.toLowerCase() === wanted.toLowerCase()) ?? wanted;
  const shownAt = route.page || route.pattern === "*" ? address : `/${name}`;
  const file = `fixtures/pages/${name}.json`;
  // The file's own name and id, so the service finds it and check:fixtures agrees (a generated id
  // may be another page's); everything else as the property generated it.
  const idOf = (path: string): number => {
    const id: unknown = (JSON.parse(readFileSync(path, "utf8")) as { id?: unknown }).id;
    return typeof id === "number" ? id : 0;
  };
  const id = existsSync(file) ? idOf(file) : Math.max(0, ...existing.map((other) => idOf(`fixtures/pages/${other}.json`))) + 1;
  writeFileSync(file, `${JSON.stringify({ $schema: fixtureSchemaReference, ...page, id, name }, null, 2)}\n`);
  return { file, address: `http://localhost:5173${shownAt}` };
}
