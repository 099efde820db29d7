import { describe, expect, it } from "vitest";
import {
  ContentListResponseSchema,
  MenuListSchema,
  PageSchema,
  ResourceListSchema,
  contentTypeName,
} from "./contract.ts";

describe("PageSchema", () => {
  it("reads a page with every field missing except id", () => {
    const page = PageSchema.parse({ id: 7 });
    expect(page).toMatchObject({ id: 7, name: null, title: null, longDesc: null, contents: [], conetentTemplates: [], carouselList: [], caseStudy: null, resources: {}, contactUs: null });
  });

  it("keeps id 0, the not-found page", () => {
    expect(PageSchema.parse({ id: 0 }).id).toBe(0);
  });

  it("rejects a body that is not a page (no id)", () => {
    expect(PageSchema.safeParse({ name: "x" }).success).toBe(false);
    expect(PageSchema.safeParse("About-Us").success).toBe(false);
    expect(PageSchema.safeParse(null).success).toBe(false);
  });

  it("turns wrong-typed fields into null instead of failing the page", () => {
    const page = PageSchema.parse({ id: "12", title: 42, longDesc: { html: "x" }, contents: "nope", contactUs: "false", resources: [1, 2] });
    expect(page).toMatchObject({ id: 12, title: null, longDesc: null, contents: [], contactUs: null, resources: {} });
  });

  it("ignores unknown fields", () => {
    const page = PageSchema.parse({ id: 1, somethingNew: true, contents: [{ id: 1, type: 5, extra: [1] }] });
    expect(page).not.toHaveProperty("somethingNew");
    expect(page.contents[0]).not.toHaveProperty("extra");
  });

  it("drops list entries that are not objects and keeps the rest", () => {
    const page = PageSchema.parse({ id: 1, contents: [null, 3, "x", { id: 5, type: 5, title: "Kept" }, []] });
    expect(page.contents.map((item) => item.title)).toEqual(["Kept"]);
  });

  it("splits comma-separated tags and trims them", () => {
    const page = PageSchema.parse({
      id: 1,
      contents: [
        { id: 1, type: 5, tags: " PPL-ICON-SEC-1 , EXTRA ,," },
        { id: 2, type: 5, tags: ["A", 3, null, " B "] },
        { id: 3, type: 5, tags: null },
        { id: 4, type: 5 },
      ],
    });
    expect(page.contents.map((item) => item.tags)).toEqual([["PPL-ICON-SEC-1", "EXTRA"], ["A", "B"], [], []]);
  });

  it("reads number as text and direction in any case", () => {
    const page = PageSchema.parse({ id: 1, contents: [{ id: 1, type: 6, number: 2000 }, { id: 2, type: 8, direction: "right" }, { id: 3, type: 8, direction: "up" }] });
    expect(page.contents.map((item) => [item.number, item.direction])).toEqual([["2000", null], [null, "Right"], [null, null]]);
  });

  it("gives every item a unique stable key, even without ids or with repeated ids", () => {
    const input = { id: 1, contents: [{ id: 9, type: 5 }, { id: 9, type: 5 }, { type: 5, title: "No id" }, { type: 5, title: "No id" }] };
    const first = PageSchema.parse(input).contents.map((item) => item.key);
    const second = PageSchema.parse(input).contents.map((item) => item.key);
    expect(new Set(first).size).toBe(4);
    expect(second).toEqual(first);
  });

  it("reads an embedded blog or case study, and a malformed one as absent", () => {
    expect(PageSchema.parse({ id: 1, blog: { id: 3, type: 2, authorName: "A" } }).blog?.authorName).toBe("A");
    expect(PageSchema.parse({ id: 1, caseStudy: "x" }).caseStudy).toBeNull();
  });

  it("reads content templates, keeping templateOptions as text", () => {
    const page = PageSchema.parse({ id: 1, conetentTemplates: [{ contentType: 2, tagName: null, templateName: "Blog_CommonTemplate", templateOptions: "{\"a\":1}" }, { templateName: 5 }] });
    expect(page.conetentTemplates).toEqual([
      { contentType: 2, tagName: null, templateName: "Blog_CommonTemplate", templateOptions: "{\"a\":1}" },
      { contentType: null, tagName: null, templateName: "", templateOptions: null },
    ]);
  });
});

describe("MenuListSchema", () => {
  it("reads nested menus and drops malformed entries", () => {
    const menus = MenuListSchema.parse([
      { MenuGroupName: "ACME-Top", MenuList: [{ MenuName: "Solutions", PageURL: "", SubMenu: [{ MenuName: "Utilities", PageURL: "/u", SubMenu: null }, 7] }] },
      "junk",
      { MenuGroupName: "ACME-Bottom", MenuList: null },
    ]);
    expect(menus).toHaveLength(2);
    expect(menus[0]?.MenuList[0]?.SubMenu.map((m) => m.MenuName)).toEqual(["Utilities"]);
    expect(menus[1]?.MenuList).toEqual([]);
  });

  it("answers an empty list for a missing or non-list body", () => {
    expect(MenuListSchema.parse(null)).toEqual([]);
    expect(MenuListSchema.parse({})).toEqual([]);
  });
});

describe("ResourceListSchema", () => {
  it("maps names to text and skips entries without text", () => {
    expect(ResourceListSchema.parse([{ name: "A", value: "x" }, { name: "B", value: null }, { value: "no name" }, { name: "C", value: 3 }])).toEqual({ A: "x" });
  });
});

describe("ContentListResponseSchema", () => {
  it("takes the total from the first item's totalRow", () => {
    const list = ContentListResponseSchema.parse({ contents: [{ id: 1, type: 2, totalRow: 31 }, { id: 2, type: 2 }] });
    expect(list.total).toBe(31);
    expect(list.items).toHaveLength(2);
  });

  it("reads an empty result", () => {
    expect(ContentListResponseSchema.parse({ contents: [] })).toEqual({ items: [], total: 0 });
  });
});

describe("contentTypeName", () => {
  it("names the codes of SPEC 3 and nothing else", () => {
    expect(contentTypeName(7)).toBe("Branches");
    expect(contentTypeName(15)).toBe("ThoughtPapers");
    expect(contentTypeName(16)).toBeUndefined();
  });
});
