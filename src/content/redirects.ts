/**
 * The editors' redirects (CONTENT-API 9: `POST /api/redirect/GetRedirectList`), read into the
 * table the server answers from and the export writes: one place that decides which redirects
 * are followed, by the server (src/server/redirectList.ts) and by `npm run export`.
 *
 * - An answer that is not a list is no redirects; an entry that is not a redirect is left out.
 * - `from` is a site path, matched ignoring case and a trailing slash; `to` a site path or an
 *   `http(s)` address; `status` 301, 302, 307 or 308.
 * - The route table's fixed addresses win: a redirect from one is refused.
 * - A redirect to itself, a second one from the same address, and every redirect whose chain
 *   comes back on itself (a loop) are refused, each with the reason, for the log.
 * - A chain (`/a` → `/b` → `/c`) is answered in one hop (`/a` → `/c`): permanent only if every hop
 *   is, keeping the method only if every hop does.
 */
import { withQueryOf } from "./pageQuery.ts";

export const redirectStatuses = [301, 302, 307, 308] as const;
export type RedirectStatus = (typeof redirectStatuses)[number];

export interface Redirect {
  from: string;
  to: string;
  status: RedirectStatus;
}

/** A redirect the site does not follow, and why (the server logs each). */
export interface RefusedRedirect {
  entry: unknown;
  why: string;
}

/** The redirects followed, by `redirectKey` of their `from`. */
export type RedirectTable = ReadonlyMap<string, Redirect>;

export interface RedirectRules {
  /** The one site-path rule: a path of this site, not another origin's. */
  isSitePath: (address: string) => boolean;
  /** The route table's fixed addresses (by `redirectKey`), which no redirect may take away. */
  fixed: ReadonlySet<string>;
}

/** The most redirects read from one answer; past it the rest are refused (a list of editors' moves, not a database). */
export const maxRedirects = 10_000;
const maxAddressLength = 2048;

/** How a path is matched: its letter case and trailing slashes ignored ("/" stays "/"). */
export const redirectKey = (path: string): string => path.replace(/\/+$/, "").toLowerCase() || "/";

/** The path of a site address, without query or hash. */
const pathOf = (address: string) => address.split(/[?#]/, 1)[0] ?? "";

function isWebAddress(address: string): boolean {
  try {
    const { protocol } = new URL(address);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}

/** An entry of the answer, as a redirect, or why it is not one. */
function readEntry(entry: unknown, rules: RedirectRules): Redirect | string {
  if (typeof entry !== "object" || entry === null) return "not an object";
  const { from, to, status } = entry as Record<string, unknown>;
  if (typeof from !== "string" || typeof to !== "string") return "`from` and `to` must be text";
  if (!redirectStatuses.includes(status as RedirectStatus)) return "`status` must be 301, 302, 307 or 308";
  if (from.length > maxAddressLength || to.length > maxAddressLength) return "an address longer than 2,048 characters";
  if (!rules.isSitePath(from) || /[?#\s]/.test(from)) return "`from` must be a path of the site, without query or hash";
  if (!rules.isSitePath(to) && !isWebAddress(to)) return "`to` must be a path of the site or an http(s) address";
  if (rules.fixed.has(redirectKey(from))) return "`from` is a fixed address of the route table";
  if (rules.isSitePath(to) && redirectKey(pathOf(to)) === redirectKey(from)) return "it redirects to itself";
  return { from, to, status: status as RedirectStatus };
}

/** The status of several hops answered as one. */
function combined(hops: readonly Redirect[]): RedirectStatus {
  const permanent = hops.every((hop) => hop.status === 301 || hop.status === 308);
  const keepsMethod = hops.every((hop) => hop.status === 307 || hop.status === 308);
  return permanent ? (keepsMethod ? 308 : 301) : keepsMethod ? 307 : 302;
}

/** The table of the redirects an answer holds, and those refused with their reasons. */
export function readRedirects(answer: unknown, rules: RedirectRules): { table: RedirectTable; refused: RefusedRedirect[] } {
  const refused: RefusedRedirect[] = [];
  if (!Array.isArray(answer)) return { table: new Map(), refused };
  const direct = new Map<string, Redirect>();
  answer.forEach((entry: unknown, index) => {
    if (index >= maxRedirects) return void refused.push({ entry, why: `more than ${String(maxRedirects)} redirects` });
    const read = readEntry(entry, rules);
    if (typeof read === "string") return void refused.push({ entry, why: read });
    const key = redirectKey(read.from);
    if (direct.has(key)) return void refused.push({ entry, why: "a second redirect from the same address" });
    direct.set(key, read);
  });
  const table = new Map<string, Redirect>();
  for (const [key, first] of direct) {
    // Followed hop by hop; a chain that reaches an address it has passed is a loop.
    const hops = [first];
    const seen = new Set([key]);
    let last = first;
    let loop = false;
    while (rules.isSitePath(last.to)) {
      const nextKey = redirectKey(pathOf(last.to));
      const next = direct.get(nextKey);
      if (!next) break;
      if (seen.has(nextKey)) {
        loop = true;
        break;
      }
      seen.add(nextKey);
      hops.push(next);
      last = next;
    }
    if (loop) refused.push({ entry: first, why: `a loop: ${hops.map((hop) => hop.from).join(" → ")} → ${last.to}` });
    else table.set(key, { from: first.from, to: last.to, status: combined(hops) });
  }
  return { table, refused };
}

/**
 * Where a request for `path` (with its query, `search`, "" or "?…") is redirected, if anywhere:
 * the target with the request's query kept (parameters the target names itself stay its own).
 */
export function redirectFor(table: RedirectTable, path: string, search: string): { location: string; status: RedirectStatus } | undefined {
  const redirect = table.size === 0 ? undefined : table.get(redirectKey(path));
  return redirect && { location: withQueryOf(redirect.to, search), status: redirect.status };
}
