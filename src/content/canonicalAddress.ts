/**
 * One address per page (issue 45). A request's path has many spellings that reach the same page
 * (`/home`, `/HOME/`, `/Home//`, `/%48ome`); each would be a render and a cache entry of its own,
 * and the canonical link would repeat whichever was asked. `canonicalPath` writes a path's one
 * spelling, `canonicalAddress` judges a request target by it:
 *
 * - percent-escapes of unreserved characters (`A-Z a-z 0-9 - . _ ~`, RFC 3986 2.3) are decoded,
 *   every other escape written with capital hex, and characters a browser would escape escaped;
 *   a malformed escape (`%zz`, `%4`) makes no address at all;
 * - `.` and `..` segments are resolved, repeated slashes are one, a trailing slash is dropped;
 * - a fixed address of the route table (CONTENT-API 6 matches them ignoring case) is spelled as
 *   the table spells it, and so are the fixed segments of a detail page's (`/BLOGS/x` is
 *   `/blogs/x`); the rest of a detail page's path, and the catch-all's, keep their case, since
 *   they go to the content service as visited (CONTENT-API 1), which may tell `/a` from `/A`.
 *
 * The query is not part of the spelling: the parameters a page reads are kept for the page's key
 * by `pageAddress` (./pageQuery.ts), the others ignored, and a redirect keeps them all (campaign
 * tags survive it). The server answers any other spelling with a 301 to the canonical one before
 * it looks at its caches or the route table; the browser's router does the same for a link it
 * follows (src/app/routes.tsx). Redirects kept by editors in the content service are looked up after this, by the
 * canonical path, and before the route table.
 */
import routesFile from "../../registry/routes.json" with { type: "json" };
import { pageAddress } from "./pageQuery.ts";

// Read from the route table itself, which the browser's bundle holds already (src/runtime/registry.ts): no second copy of it.
const tablePaths = [...routesFile.redirects.map((redirect) => redirect.from), ...routesFile.routes.map((route) => route.path)];
/** Every fixed address of the table (its redirects' and routes' paths without a parameter), as it spells them: the one spelling of each. */
export const fixedAddresses: readonly string[] = tablePaths.filter((path) => !path.includes(":") && !path.includes("*"));
/** The table's routes with parameters (detail pages), as it spells their fixed segments. */
export const parameterisedPaths: readonly string[] = routesFile.routes.map((route) => route.path).filter((path) => path.includes(":"));

/** The table's own spelling of each fixed address, by its lower case. */
const fixedSpelling = new Map(fixedAddresses.map((path) => [path.toLowerCase(), path]));
/** Each parameterised route's segments: a fixed one as the table spells it, null for a parameter. */
const patterns = parameterisedPaths.map((path) => path.split("/").filter(Boolean).map((segment) => (segment.startsWith(":") ? null : segment)));

/** A path's segments with a parameterised route's fixed segments spelled as the table does, when it is one of its addresses. */
function tableSpelling(segments: readonly string[]): readonly string[] {
  for (const pattern of patterns) {
    if (pattern.length !== segments.length) continue;
    if (pattern.every((fixed, index) => fixed === null || fixed.toLowerCase() === segments[index]?.toLowerCase())) return segments.map((segment, index) => pattern[index] ?? segment);
  }
  return segments;
}

const unreserved = /^[A-Za-z0-9\-._~]$/;
/** What may stand in a path as it is: unreserved, sub-delims, ":" and "@" (RFC 3986 3.3), and "/". */
const pathCharacter = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/]$/;

/** Escapes and characters written one way; null for a malformed escape. */
function normaliseEscapes(path: string): string | null {
  let out = "";
  for (let i = 0; i < path.length; i += 1) {
    const character = path.charAt(i);
    if (character === "%") {
      const hex = path.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return null;
      const decoded = String.fromCharCode(Number.parseInt(hex, 16));
      out += unreserved.test(decoded) ? decoded : `%${hex.toUpperCase()}`;
      i += 2;
    } else if (pathCharacter.test(character)) {
      out += character;
    } else {
      // A space, a quote, `\`, `|`, a letter beyond ASCII: escaped as its UTF-8 bytes, as a browser sends it.
      out += encodeURIComponent(character).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    }
  }
  return out;
}

/** RFC 3986 5.2.4 on a path's segments: `.` dropped, `..` takes the one before it. */
function resolveDots(segments: readonly string[]): string[] {
  const kept: string[] = [];
  for (const segment of segments) {
    if (segment === ".") continue;
    if (segment === "..") kept.pop();
    else kept.push(segment);
  }
  return kept;
}

/**
 * The one spelling of a site path (no query or fragment), or null when it cannot be one (not
 * starting with `/`, a malformed escape).
 */
export function canonicalPath(path: string): string | null {
  if (!path.startsWith("/")) return null;
  const escaped = normaliseEscapes(path);
  if (escaped === null) return null;
  const segments = resolveDots(escaped.split("/").filter((segment) => segment !== ""));
  const joined = `/${segments.join("/")}`;
  return fixedSpelling.get(joined.toLowerCase()) ?? `/${tableSpelling(segments).join("/")}`;
}

/** How the server answers a request target (the request line's, as Node hands it over). */
export type AddressVerdict =
  /** The page's own spelling: `address` is its key (path and the parameters the page reads), `path` the canonical path. */
  | { kind: "page"; path: string; address: string }
  /** Another spelling: a 301 to `location`, which keeps the query as it was asked. */
  | { kind: "moved"; location: string }
  /** No path at all (a malformed escape, `*`, an authority): a 400. */
  | { kind: "bad" };

/** A request target's scheme and authority, when it is in absolute form (`GET http://host/path`). */
const absoluteForm = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/;

/**
 * A request target judged against its one spelling. `siteOrigin` is the public origin
 * (SITE_URL's): a target in absolute form is answered for it alone — its page when it names that
 * origin and the canonical path, else a 301 to the canonical path on that origin (never to the
 * host it named, and never a relative one, which a client would resolve against that host).
 */
export function canonicalAddress(target: string, siteOrigin: string): AddressVerdict {
  const absolute = absoluteForm.exec(target)?.[0];
  const rest = absolute === undefined ? target : target.slice(absolute.length) || "/";
  const queryAt = rest.search(/[?#]/);
  const rawPath = queryAt === -1 ? rest : rest.slice(0, queryAt);
  const query = queryAt !== -1 && rest.charAt(queryAt) === "?" ? rest.slice(queryAt).split("#", 1)[0] ?? "" : "";
  const path = canonicalPath(rawPath);
  if (path === null) return { kind: "bad" };
  const sameOrigin = absolute === undefined || absolute.toLowerCase() === siteOrigin.toLowerCase();
  if (path === rawPath && sameOrigin) return { kind: "page", path, address: pageAddress(`${path}${query}`) };
  return { kind: "moved", location: `${absolute === undefined ? "" : siteOrigin}${path}${query}` };
}

/**
 * A site address as a link writes it (a path, then its query and fragment as they are), its path
 * in its one spelling: the site's own links from content (menus, cards, content HTML) lead
 * straight to a page's address instead of through a 301. Unchanged when its path cannot be one.
 */
export function canonicalHref(href: string): string {
  const at = href.search(/[?#]/);
  const path = at === -1 ? href : href.slice(0, at);
  return `${canonicalPath(path) ?? path}${at === -1 ? "" : href.slice(at)}`;
}
