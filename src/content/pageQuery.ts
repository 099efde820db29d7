/**
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
import { listFilters, listSorts } from "./names.ts";

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
