import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { page, wireItem } from "../../tests/builders.ts";
import { contentTypeCodes, contentTypeNames, type ContentItem, type ContentTypeName } from "../content/contract.ts";
import { selectItems } from "./filter.ts";
import type { ItemFilter } from "./schemas.ts";

describe("selectItems", () => {
  const people = page({
    contents: [
      wireItem("Icons", { title: "Sec one", tags: ["PPL-ICON-SEC-1"] }),
      wireItem("Icons", { title: "Sec two", tags: "ppl-icon-sec-2, other" }),
      wireItem("Icons", { title: "Untagged" }),
      wireItem("Thumbnails", { title: "Thumb", tags: ["PPL-ICON-SEC-1"] }),
      wireItem("Testimonials", { title: "Priya  Raghunathan" }),
      wireItem("Testimonials", { title: "A Client in Insurance" }),
    ],
    carouselList: [{ id: 1, title: "Slide" }],
  });
  const titles = (items: ContentItem[]) => items.map((item) => item.title);

  it("keeps items of the slot's types, carrying any of its tags, in any case", () => {
    expect(titles(selectItems(people, { tags: ["PPL-ICON-SEC-1", "PPL-ICON-SEC-2"] }, ["Icons"]))).toEqual(["Sec one", "Sec two"]);
  });

  it("never keeps an untagged item when the filter names tags", () => {
    expect(titles(selectItems(people, { tags: ["ANY"] }, ["Icons"]))).toEqual([]);
  });

  it("matches titles exactly (any case, spaces collapsed) and drops titles containing a word", () => {
    expect(titles(selectItems(people, { titleIn: ["priya raghunathan"] }, ["Testimonials"]))).toEqual(["Priya  Raghunathan"]);
    expect(titles(selectItems(people, { titleExcludes: ["CLIENT"] }, ["Testimonials"]))).toEqual(["Priya  Raghunathan"]);
  });

  it("reads the carousel list when asked, whatever its items' type", () => {
    expect(titles(selectItems(people, { from: "carouselList" }, ["Carousels"]))).toEqual(["Slide"]);
  });

  it("limits the count", () => {
    expect(selectItems(people, { limit: 1 }, ["Icons"])).toHaveLength(1);
  });

  describe("on generated pages and filters", () => {
    const tag = fc.constantFrom("A", "b", "PPL-ICON-SEC-1", "ppl-icon-sec-1", "X Y");
    const title = fc.constantFrom("Priya", "priya ", "A client", "Client story", "Other", "");
    const item = fc.record({
      id: fc.integer({ min: 1, max: 50 }),
      type: fc.constantFrom(...contentTypeNames).map((n) => contentTypeCodes[n]),
      title,
      tags: fc.oneof(fc.array(tag, { maxLength: 3 }), tag.map((t) => `${t}, z`)),
    });
    const typeName = fc.constantFrom<ContentTypeName>("Icons", "Panels", "Testimonials", "Carousels");
    const filterKeys = {
      type: fc.oneof(typeName, fc.array(typeName, { minLength: 1, maxLength: 2 })),
      tags: fc.array(tag, { minLength: 1, maxLength: 2 }),
      excludeTags: fc.array(tag, { minLength: 1, maxLength: 2 }),
      titleIn: fc.array(title.filter((t) => t.trim() !== ""), { minLength: 1, maxLength: 2 }),
      titleExcludes: fc.array(fc.constantFrom("client", "PRIYA"), { minLength: 1, maxLength: 2 }),
      limit: fc.integer({ min: 1, max: 5 }),
    };
    const filter = fc.record(filterKeys, { requiredKeys: [] });
    const input = fc.record({ items: fc.array(item, { maxLength: 12 }), filter, defaults: fc.array(typeName, { maxLength: 2 }) });
    const run = (items: unknown[], f: ItemFilter, defaults: ContentTypeName[]) => selectItems(page({ contents: items }), f, defaults.length ? defaults : undefined);
    const keys = (items: ContentItem[]) => items.map((kept) => kept.key);
    /** How the filter language compares words: case and runs of spaces do not matter (layout.schema.json). */
    const same = (a: string, b: string) => a.trim().replace(/\s+/g, " ").toLowerCase() === b.trim().replace(/\s+/g, " ").toLowerCase();

    it("keeps page items in page order, each once", () => {
      fc.assert(
        fc.property(input, ({ items, filter: f, defaults }) => {
          const all = keys(page({ contents: items }).contents);
          const kept = keys(run(items, f, defaults));
          expect(new Set(kept).size).toBe(kept.length);
          expect(kept).toEqual(all.filter((key) => kept.includes(key)));
        }),
      );
    });

    it("keeps only items that obey every rule the filter states", () => {
      fc.assert(
        fc.property(input, ({ items, filter: f, defaults }) => {
          const types = f.type === undefined ? defaults : [f.type].flat();
          for (const kept of run(items, f, defaults)) {
            const title = kept.title ?? "";
            if (types.length > 0) expect(types.map((t) => contentTypeCodes[t])).toContain(kept.type);
            if (f.tags) expect(kept.tags.some((t) => f.tags?.some((wanted) => same(wanted, t)))).toBe(true);
            if (f.excludeTags) expect(kept.tags.some((t) => f.excludeTags?.some((unwanted) => same(unwanted, t)))).toBe(false);
            if (f.titleIn) expect(f.titleIn.some((wanted) => same(wanted, title))).toBe(true);
            if (f.titleExcludes) expect(f.titleExcludes.some((word) => title.toLowerCase().includes(word.toLowerCase()))).toBe(false);
          }
        }),
      );
    });

    it("never loses an item by dropping a rule, and a limit keeps the first items", () => {
      fc.assert(
        fc.property(input, fc.constantFrom("tags", "excludeTags", "titleIn", "titleExcludes", "type"), ({ items, filter: f, defaults }, rule) => {
          const { limit, ...unlimited } = f;
          const { [rule]: _dropped, ...looser } = unlimited;
          const strict = keys(run(items, unlimited, defaults));
          const loose = keys(run(items, looser, defaults));
          if (rule !== "type") expect(loose).toEqual(expect.arrayContaining(strict));
          if (limit !== undefined) expect(keys(run(items, f, defaults))).toEqual(strict.slice(0, limit));
        }),
      );
    });

    it("reads tags and titles ignoring case and spaces", () => {
      fc.assert(
        fc.property(input, ({ items, filter: f, defaults }) => {
          const shout = (words: string[] | undefined) => words?.map((word) => `  ${word.toUpperCase()} `);
          const loud: ItemFilter = { ...f, ...(f.tags ? { tags: shout(f.tags) } : {}), ...(f.titleIn ? { titleIn: shout(f.titleIn) } : {}) };
          expect(keys(run(items, loud, defaults))).toEqual(keys(run(items, f, defaults)));
        }),
      );
    });
  });
});
