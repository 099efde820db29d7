/**
 * What a list view is: search, sort, filter and page. It lives in the address's query string
 * so a view can be shared, reloaded and returned to with the back button; defaults are left
 * out of the address, and anything unreadable in it reads as the default.
 */
import type { ContentListRequest } from "../../content/contract.ts";
import { contentTypeCodes, listFilters, listSorts, type ContentTypeName } from "../../content/names.ts";
import { fromSlug, listDefaults, listParams, pageNumber, slug } from "../../content/canonicalAddress.ts";

export type ListSort = (typeof listSorts)[number];
export type ListFilter = (typeof listFilters)[number];

export interface ListState {
  search: string;
  sort: ListSort;
  filter: ListFilter;
  /** 1-based. */
  page: number;
}

export const defaultListState: ListState = { search: "", sort: listDefaults.sort, filter: listDefaults.filter, page: 1 };

/** Query parameter names (src/content/canonicalAddress.ts: the server renders and caches a page by these alone). */
export { listParams };

export function readListState(params: URLSearchParams): ListState {
  return {
    search: params.get(listParams.search) ?? "",
    sort: fromSlug(listSorts, params.get(listParams.sort)) ?? defaultListState.sort,
    filter: fromSlug(listFilters, params.get(listParams.filter)) ?? defaultListState.filter,
    page: pageNumber(params.get(listParams.page)),
  };
}

/**
 * The query string of `next`, keeping parameters that are not the list's (campaign tags and
 * the like). A change of search, sort or filter goes back to page 1 (SPEC 4).
 */
export function writeListState(current: URLSearchParams, change: Partial<ListState>): URLSearchParams {
  const before = readListState(current);
  const resets = (["search", "sort", "filter"] as const).some((key) => change[key] !== undefined && change[key] !== before[key]);
  const next: ListState = { ...before, ...change, page: resets ? 1 : (change.page ?? before.page) };
  const params = new URLSearchParams(current);
  const set = (name: string, value: string, isDefault: boolean) => (isDefault ? params.delete(name) : params.set(name, value));
  set(listParams.search, next.search, next.search === "");
  set(listParams.sort, slug(next.sort), next.sort === defaultListState.sort);
  set(listParams.filter, slug(next.filter), next.filter === defaultListState.filter);
  set(listParams.page, String(next.page), next.page === 1);
  return params;
}

/** The GetContentList body (CONTENT-API 4) for a list view. */
export function listRequest(state: ListState, list: { contentType: ContentTypeName; pageName: string; pageSize: number }): ContentListRequest {
  return {
    contentType: contentTypeCodes[list.contentType],
    search: state.search.trim(),
    sort: state.sort,
    pageName: list.pageName,
    pageSize: list.pageSize,
    PageNo: state.page,
    Filter: state.filter,
  };
}

/** Pages of results: the total of all matches (the first item's totalRow) over the page size; at least 1. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}
