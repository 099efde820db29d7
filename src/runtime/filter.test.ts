import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { page, wireItem } from "../../tests/builders.ts";
import { contentTypeCodes, contentTypeNames, type ContentItem, type ContentTypeName } from "../content/contract.ts";
import { referenceFilter as reference, tagMatches } from "../../tests/referenceFilter.ts";
import { selectItems } from "./filter.ts";

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

  it("agrees with the reference implementation on generated pages and filters", () => {
    const tag = fc.constantFrom("A", "b", "PPL-ICON-SEC-1", "ppl-icon-sec-1", "X Y");
    const title = fc.constantFrom("Priya", "priya ", "A client", "Client story", "Other", "");
    const item = fc.record({
      id: fc.integer({ min: 1, max: 50 }),
      type: fc.constantFrom(...contentTypeNames).map((n) => contentTypeCodes[n]),
      title,
      tags: fc.oneof(fc.array(tag, { maxLength: 3 }), tag.map((t) => `${t}, z`)),
    });
    const typeName = fc.constantFrom<ContentTypeName>("Icons", "Panels", "Testimonials", "Carousels");
    const filter = fc.record(
      {
        type: fc.oneof(typeName, fc.array(typeName, { minLength: 1, maxLength: 2 })),
        tags: fc.array(tag, { minLength: 1, maxLength: 2 }),
        excludeTags: fc.array(tag, { minLength: 1, maxLength: 2 }),
        titleIn: fc.array(title.filter((t) => t.trim() !== ""), { minLength: 1, maxLength: 2 }),
        titleExcludes: fc.array(fc.constantFrom("client", "PRIYA"), { minLength: 1, maxLength: 2 }),
        limit: fc.integer({ min: 1, max: 5 }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.array(item, { maxLength: 12 }), filter, fc.array(typeName, { maxLength: 2 }), (items, f, defaults) => {
        const p = page({ contents: items });
        const actual = selectItems(p, f, defaults.length ? defaults : undefined);
        expect(actual).toEqual(reference(p.contents, f, defaults.length ? defaults : undefined));
        for (const kept of actual) {
          if (f.tags) expect(tagMatches(f.tags, kept.tags)).toBe(true);
        }
      }),
    );
  });
});
