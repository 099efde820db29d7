/**
 * What a stranger sends to make a server render and keep more (issue 45): `count` distinct
 * addresses, a sixth each of
 * - spellings of the site's pages (letter case of the route table's part, escaped letters,
 *   doubled and trailing slashes), twice over;
 * - random addresses of a detail route (`/blogs/nope-…`) and of the catch-all;
 * - a page with random campaign tags;
 * - a page's address as a target in absolute form, for another host.
 * Used by `npx tsx tools/bench-addresses.ts` and tests/e2e/addresses.spec.ts.
 */
import { randomBytes } from "node:crypto";
import { fixedAddresses, parameterisedPaths } from "../src/content/canonicalAddress.ts";

const random = () => randomBytes(6).toString("hex");
const chance = (p: number) => (randomBytes(1)[0] ?? 0) / 256 < p;

const fixed = new Set(fixedAddresses.map((path) => path.toLowerCase()));
/** The route table's own part of a detail route's address (`/blogs/`). */
const detailPrefixes = parameterisedPaths.map((pattern) => pattern.slice(0, pattern.indexOf(":")).toLowerCase());

/**
 * A spelling of `path` that is not `path` itself. Letter case changes only where the route table
 * spells the address (a fixed route, a detail route's own part): a detail page's or the
 * catch-all's own part keeps its case, as the server does (src/content/canonicalAddress.ts).
 */
export function spelling(path: string): string {
  const prefix = detailPrefixes.find((start) => path.toLowerCase().startsWith(start));
  const fixedUpTo = fixed.has(path.toLowerCase()) ? path.length : (prefix?.length ?? 0);
  const spelt = Array.from(path, (c, i) => {
    if (c === "/") return chance(0.3) ? "//" : c;
    if (/[a-z0-9]/i.test(c) && chance(0.15)) return `%${c.charCodeAt(0).toString(16)}`;
    return i < fixedUpTo ? (chance(0.5) ? c.toUpperCase() : c.toLowerCase()) : c;
  }).join("");
  const withSlash = chance(0.5) ? `${spelt}/` : spelt;
  return withSlash === path ? `${path}/` : withSlash;
}

export function strangersAddresses(pages: readonly string[], count: number): string[] {
  return Array.from({ length: count }, (_, n) => {
    const page = pages[n % pages.length] ?? "/Home";
    switch (n % 6) {
      case 0:
      case 1:
        return spelling(page);
      case 2:
        return `/blogs/nope-${random()}`;
      case 3:
        return `/${random()}-${random()}`;
      case 4:
        return `${page}?utm_source=${random()}&gclid=${random()}`;
      default:
        return `http://evil.example${page}`;
    }
  });
}
