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
 * by `pageAddress` (below), the others ignored, and a redirect keeps them all (campaign
 * tags survive it). The server answers any other spelling with a 301 to the canonical one before
 * it looks at its caches or the route table; the browser's router does the same for a link it
 * follows (src/app/routes.tsx). Redirects kept by editors in the content service are looked up after this, by the
 * canonical path, and before the route table.
 *
 * The query parameters a page reads, and nothing else (issue 34): a list's view (search, sort,
 * filter, page: src/blocks/content-list/listState.ts reads them with these names), the
 * contact page's mode (`?from=presentation-services`: src/forms/contactMode.ts) and a thought
 * paper's form shown in the page without the code (`?download`: its presence only,
 * src/blocks/thought-paper-download/ThoughtPaperDownload.tsx). Every other
 * parameter (`utm_*`, `gclid`, `fbclid`, a random string) changes nothing on the page, so the
 * server renders and caches a page by `pageAddress`: its path and these parameters only, each
 * written in the one way the page reads it. A stranger's random query string is then the page
 * already rendered, not a new render and a new cache entry each time.
 */
import routesFile from "../../registry/routes.json" with { type: "json" };
import { listFilters, listSorts } from "./names.ts";

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

/** A list view's query parameter names. */
export const listParams = { search: "search", sort: "sort", filter: "filter", page: "page" } as const;

/** What a list shows when its address says nothing. */
export const listDefaults = { sort: "Descending", filter: "All" } as const satisfies { sort: (typeof listSorts)[number]; filter: (typeof listFilters)[number] };

/** The contact page's mode in its address: `?from=presentation-services`. */
export const contactFromParam = "from";
export const presentationServicesFrom = "presentation-services";

/** A thought paper's download form asked for in the page (the download button's name, without the code); only its presence counts. */
export const downloadParam = "download";

/** "Last 3 Months" <-> "last-3-months": readable in an address, matched ignoring case. */
export const slug = (value: string) => value.toLowerCase().replace(/\s+/g, "-");

/** The value of `values` a parameter names (by slug), if any. */
export function fromSlug<T extends string>(values: readonly T[], raw: string | null): T | undefined {
  if (raw === null) return undefined;
  const wanted = slug(raw.trim());
  return values.find((value) => slug(value) === wanted);
}

/** A list's page number as the list reads it: a whole number from 1 (anything else is 1). */
export function pageNumber(raw: string | null): number {
  const page = Number(raw);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/**
 * A page's address as it is rendered and cached: the path, then only the parameters a page
 * reads, in a fixed order, each as the page reads it, defaults left out (the first of repeated
 * ones, as `URLSearchParams.get` reads it). Parses `address` as a request target (`/x?y`).
 */
export function pageAddress(address: string): string {
  const query = address.indexOf("?");
  if (query === -1) return address;
  const params = new URLSearchParams(address.slice(query + 1));
  const kept = new URLSearchParams();
  const search = params.get(listParams.search);
  if (search !== null && search !== "") kept.set(listParams.search, search);
  const sort = fromSlug(listSorts, params.get(listParams.sort));
  if (sort !== undefined && sort !== listDefaults.sort) kept.set(listParams.sort, slug(sort));
  const filter = fromSlug(listFilters, params.get(listParams.filter));
  if (filter !== undefined && filter !== listDefaults.filter) kept.set(listParams.filter, slug(filter));
  const page = pageNumber(params.get(listParams.page));
  if (page > 1) kept.set(listParams.page, String(page));
  if (params.get(contactFromParam) === presentationServicesFrom) kept.set(contactFromParam, presentationServicesFrom);
  if (params.has(downloadParam)) kept.set(downloadParam, "");
  const path = address.slice(0, query);
  return kept.size === 0 ? path : `${path}?${kept.toString()}`;
}

/**
 * A redirect's target carrying the parameters of the address it was reached by that it does not
 * name itself (`utm_*` through a moved page, a preview's token in its address fallback); an
 * absolute target stays absolute.
 */
export function withQueryOf(location: string, address: string): string {
  const query = address.indexOf("?");
  if (query === -1 || query === address.length - 1) return location;
  const target = new URL(location, "http://site.invalid");
  for (const [name, value] of new URLSearchParams(address.slice(query + 1))) if (!target.searchParams.has(name)) target.searchParams.append(name, value);
  return target.origin === "http://site.invalid" ? `${target.pathname}${target.search}${target.hash}` : target.href;
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

/**
 * The one site-path rule: whether an address is a path of this site ("/blogs/x"), as opposed to
 * another site's address. Links from content, media addresses, redirects kept by editors and
 * the page a preview opens are all judged by it, in the browser and on the server.
 *
 * A browser reads an address after dropping its tabs and line breaks, and reads `\` as `/`
 * (WHATWG URL, for http and https): `//evil.example`, `/\evil.example` and `/\t/evil.example`
 * all name another host, so none of them is a site path.
 */
export function isSitePath(url: string): boolean {
  const read = url.replace(/[\t\n\r]/g, "");
  return read.startsWith("/") && !/^\/[/\\]/.test(read);
}
