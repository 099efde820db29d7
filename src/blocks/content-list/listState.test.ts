import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { listFilters, listSorts } from "../../content/contract.ts";
import { pageAddress } from "../../content/canonicalAddress.ts";
import { addressSaysPresentation } from "../../forms/contactMode.ts";
import { defaultListState, listRequest, pageCount, readListState, writeListState, type ListState } from "./listState.ts";

const query = (search: string) => new URLSearchParams(search);

describe("list state in the query string", () => {
  it("reads search, sort, filter and page, and defaults for anything missing or unreadable", () => {
    expect(readListState(query(""))).toEqual(defaultListState);
    expect(readListState(query("?search=ai&sort=ascending&filter=last-3-months&page=3"))).toEqual({ search: "ai", sort: "Ascending", filter: "Last 3 Months", page: 3 });
    expect(readListState(query("?sort=Sideways&filter=Last+9+Months&page=-2"))).toEqual(defaultListState);
    expect(readListState(query("?page=2.5"))).toMatchObject({ page: 1 });
    expect(readListState(query("?page=abc"))).toMatchObject({ page: 1 });
    expect(readListState(query("?filter=Last%206%20Months&sort=ASCENDING"))).toMatchObject({ filter: "Last 6 Months", sort: "Ascending" });
  });

  it("leaves defaults out of the address and keeps parameters that are not the list's", () => {
    expect(writeListState(query("?utm_source=mail"), { sort: "Ascending" }).toString()).toBe("utm_source=mail&sort=ascending");
    expect(writeListState(query("?sort=ascending&page=2"), { sort: "Descending" }).toString()).toBe("");
  });

  it("goes back to page 1 when search, sort or filter changes, and only then", () => {
    const on3 = query("?search=ai&page=3");
    expect(readListState(writeListState(on3, { search: "ops" })).page).toBe(1);
    expect(readListState(writeListState(on3, { sort: "Ascending" })).page).toBe(1);
    expect(readListState(writeListState(on3, { filter: "Last 6 Months" })).page).toBe(1);
    expect(readListState(writeListState(on3, { page: 4 })).page).toBe(4);
    expect(readListState(writeListState(on3, { search: "ai" })).page).toBe(3);
  });

  it("reads back what it wrote, for any state", () => {
    const state = fc.record({
      search: fc.string({ maxLength: 20 }),
      sort: fc.constantFrom(...listSorts),
      filter: fc.constantFrom(...listFilters),
      page: fc.integer({ min: 1, max: 10_000 }),
    });
    fc.assert(
      fc.property(state, (wanted: ListState) => {
        const written = writeListState(new URLSearchParams(), { ...wanted, page: undefined });
        const withPage = writeListState(written, { page: wanted.page });
        // The address survives a round trip through a URL, as a reload or a shared link does.
        expect(readListState(new URL(`https://site.test/blogs?${withPage.toString()}`).searchParams)).toEqual(wanted);
      }),
    );
  });
});

describe("listRequest", () => {
  it("builds the GetContentList body of CONTENT-API 4", () => {
    expect(listRequest({ search: "  Automation ", sort: "Ascending", filter: "Last 6 Months", page: 2 }, { contentType: "Blogs", pageName: "Blogs", pageSize: 10 })).toEqual({
      contentType: 2,
      search: "Automation",
      sort: "Ascending",
      pageName: "Blogs",
      pageSize: 10,
      PageNo: 2,
      Filter: "Last 6 Months",
    });
    expect(listRequest(defaultListState, { contentType: "ThoughtPapers", pageName: "thoughtPapers", pageSize: 9 })).toMatchObject({ contentType: 15, search: "", sort: "Descending", PageNo: 1, Filter: "All" });
    expect(listRequest(defaultListState, { contentType: "CaseStudies", pageName: "CaseStudies", pageSize: 9 }).contentType).toBe(11);
  });
});

describe("pageCount", () => {
  it("divides the total by the page size, rounding up, never below 1", () => {
    expect(pageCount(29, 10)).toBe(3);
    expect(pageCount(30, 10)).toBe(3);
    expect(pageCount(0, 9)).toBe(1);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 1, max: 100 }), (total, size) => {
        const count = pageCount(total, size);
        expect(count * size).toBeGreaterThanOrEqual(total);
        expect(count === 1 || (count - 1) * size < total).toBe(true);
      }),
    );
  });
});

describe("the address a page is rendered and cached by (src/content/canonicalAddress.ts)", () => {
  it("reads as the same list view, contact mode and download form as the address asked for, whatever else it carries", () => {
    const value = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("2", "02", "-1", "1e1", "2.5", "ascending", "Last 3 Months", "last-6-months", "presentation-services", ""));
    const name = fc.constantFrom("search", "sort", "filter", "page", "from", "download", "utm_source", "gclid", "x", "Page");
    fc.assert(
      fc.property(fc.array(fc.tuple(name, value), { maxLength: 8 }), (pairs) => {
        const asked = new URLSearchParams(pairs).toString();
        const kept = pageAddress(`/blogs?${asked}`);
        const keptQuery = kept.includes("?") ? kept.slice(kept.indexOf("?")) : "";
        expect(readListState(query(keptQuery))).toEqual(readListState(query(asked)));
        expect(addressSaysPresentation(keptQuery)).toBe(addressSaysPresentation(asked));
        expect(query(keptQuery).has("download")).toBe(query(asked).has("download"));
        // And it is its own address: one key per view.
        expect(pageAddress(kept)).toBe(kept);
      }),
    );
  });
});
