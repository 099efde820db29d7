/**
 * The calls CONTENT-API names, read from this repository's copy of it (docs/content-contract.md):
 * every code span that is a call's path (`/api/...` or `POST /api/...`), once each, in the order
 * they first appear. The site's table of calls (src/content/calls.ts) and the fixture service's
 * own (fixture-service/service.ts) are each held to it by their tests, so a call added, renamed or
 * dropped on any of the three sides shows.
 */
import { readFileSync } from "node:fs";

export function contractCallPaths(markdown = readFileSync("docs/content-contract.md", "utf8")): string[] {
  return [...new Set(Array.from(markdown.matchAll(/`(?:POST )?(\/api\/[A-Za-z][\w/-]*)`/g), (match) => match[1] ?? ""))];
}
