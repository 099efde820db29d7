import { describe, expect, it } from "vitest";
import { formatProblem } from "./problems.ts";
import { resolveLayout, type LayoutSource } from "./layout.ts";

const source = (files: Record<string, unknown>): LayoutSource => (name) => Promise.resolve(files[name]);
const ids = (layout: Awaited<ReturnType<typeof resolveLayout>>) => layout.slots.map((slot) => slot.id);

const base = {
  slots: [
    { id: "hero", block: "hero" },
    { id: "icons", block: "icons", title: { resource: "ICONS-TITLE" } },
    { id: "panels", block: "panels" },
    { id: "templates", templates: true },
  ],
};

describe("resolveLayout", () => {
  it("uses the page's own layout file", async () => {
    const layout = await resolveLayout("People", source({ People: { slots: [{ id: "hero", block: "hero" }] }, default: base }));
    expect(layout.name).toBe("People");
    expect(ids(layout)).toEqual(["hero"]);
    expect(layout.problems).toEqual([]);
  });

  it("falls back to the default layout when the page has none", async () => {
    const layout = await resolveLayout("Unknown-Page", source({ default: base }));
    expect(layout.name).toBe("default");
    expect(ids(layout)).toEqual(["hero", "icons", "panels", "templates"]);
  });

  it("extends a base: patches by id, removes, inserts after/before, appends", async () => {
    const layout = await resolveLayout(
      "People",
      source({
        default: base,
        People: {
          extends: "default",
          slots: [
            { id: "icons", items: { tags: ["PPL-ICON-SEC-1"] }, options: { layout: "list" } },
            { id: "panels", remove: true },
            { id: "ppl-carousel", block: "carousel", items: { tags: ["PPL-CAROUSELS-1"] }, after: "hero" },
            { id: "first", block: "rich-text", before: "hero" },
            { id: "last", block: "faq" },
          ],
        },
      }),
    );
    expect(layout.problems).toEqual([]);
    expect(ids(layout)).toEqual(["first", "hero", "ppl-carousel", "icons", "templates", "last"]);
    const icons = layout.slots.find((slot) => slot.id === "icons");
    expect(icons).toMatchObject({ kind: "block", block: "icons", items: { tags: ["PPL-ICON-SEC-1"] }, options: { layout: "list" }, title: { resource: "ICONS-TITLE" } });
  });

  it("merges a patch's items and options key by key", async () => {
    const layout = await resolveLayout(
      "P",
      source({
        default: { slots: [{ id: "t", block: "testimonials", items: { type: "Testimonials", limit: 3 }, options: { layout: "cards" } }] },
        P: { extends: "default", slots: [{ id: "t", items: { titleExcludes: ["client"] } }] },
      }),
    );
    expect(layout.slots[0]).toMatchObject({ items: { type: "Testimonials", limit: 3, titleExcludes: ["client"] }, options: { layout: "cards" } });
  });

  it("reports every problem with file and JSON path, and keeps the good slots", async () => {
    const layout = await resolveLayout(
      "Bad",
      source({
        default: base,
        Bad: {
          extends: "default",
          slots: [
            { id: "a", block: "testimonial" },
            { id: "b", block: "icons", items: { type: "Panels" } },
            { id: "c", block: "hero", items: {} },
            { id: "nope", remove: true },
            { id: "d", block: "faq", after: "missing" },
            { id: "e" },
            { id: "f", block: "faq", title: { resource: "NO-DEFAULT-KEY" } },
            { id: "g", block: "faq" },
            { id: "g", block: "faq" },
          ],
        },
      }),
    );
    expect(layout.problems.map(formatProblem)).toEqual(
      expect.arrayContaining([
        'layouts/Bad.json: slots[0].block: unknown block "testimonial" (did you mean "testimonials"?)',
        'layouts/Bad.json: slots[1].items.type: block "icons" shows Icons, not Panels',
        'layouts/Bad.json: slots[2].items: block "hero" shows page fields, not items: remove "items"',
        'layouts/Bad.json: slots[3].id: no slot "nope" in the base layout to remove',
        'layouts/Bad.json: slots[4].after: no slot "missing" to place this slot next to',
        'layouts/Bad.json: slots[5].block: slot "e" names no block (give "block", or "templates": true)',
        'layouts/Bad.json: slots[6].title.resource: "NO-DEFAULT-KEY" has no default text: add "default" here or an entry in registry/resource-defaults.json',
        'layouts/Bad.json: slots[8].id: slot id "g" is used twice in this file',
      ]),
    );
    expect(layout.problems).toHaveLength(8);
    expect(ids(layout)).toEqual(expect.arrayContaining(["hero", "icons", "d", "f", "g"]));
  });

  it("resolves the page-wide settings through extends: a layout's own value wins, an absent one is inherited", async () => {
    const files = {
      default: { pinnedBackground: "pageFixedImage", slots: [{ id: "hero", block: "hero" }] },
      Carousels: { extends: "default", refreshAfterLoad: true, slots: [] },
      People: { extends: "Carousels", slots: [] },
      Plain: { extends: "Carousels", refreshAfterLoad: false, pinnedBackground: null, slots: [] },
      Other: { extends: "default", pinnedBackground: "pageFixedImage1", slots: [] },
    };
    const settings = async (name: string) => (await resolveLayout(name, source(files))).settings;
    expect(await settings("default")).toEqual({ refreshAfterLoad: false, pinnedBackground: "pageFixedImage" });
    expect(await settings("People")).toEqual({ refreshAfterLoad: true, pinnedBackground: "pageFixedImage" });
    expect(await settings("Plain")).toEqual({ refreshAfterLoad: false, pinnedBackground: null });
    expect(await settings("Other")).toEqual({ refreshAfterLoad: false, pinnedBackground: "pageFixedImage1" });
    expect(await settings("No-Layout-Of-Its-Own")).toEqual({ refreshAfterLoad: false, pinnedBackground: "pageFixedImage" });
  });

  it("reports a misspelt or mistyped page-wide setting with its path", async () => {
    const layout = await resolveLayout("A", source({ A: { refreshAfterLoad: "yes", pinnedBackground: "pageFixedImg", slots: [] } }));
    expect(layout.problems.map(formatProblem)).toEqual([
      'layouts/A.json: refreshAfterLoad: expected true or false, got "yes"',
      expect.stringMatching(/^layouts\/A\.json: pinnedBackground: expected a page image field \(image, .*\) or null, got "pageFixedImg" \(did you mean "pageFixedImage"\?\)$/),
    ]);
    expect(layout.settings).toEqual({ refreshAfterLoad: false, pinnedBackground: null });
  });

  it("takes a title from a page field without asking for a default, and names a field that does not exist", async () => {
    const layout = await resolveLayout(
      "A",
      source({ A: { slots: [{ id: "offer", block: "faq", title: { field: "heading1" } }, { id: "bad", block: "faq", title: { field: "heading9" } }] } }),
    );
    expect(layout.problems.map(formatProblem)).toEqual([expect.stringMatching(/^layouts\/A\.json: slots\[1\]\.title\.field: /)]);
    expect(layout.slots).toMatchObject([{ id: "offer", title: { field: "heading1" } }]);
  });

  it("reports an extends cycle and a missing base instead of looping", async () => {
    const cycle = await resolveLayout("A", source({ A: { extends: "B", slots: [] }, B: { extends: "A", slots: [] } }));
    expect(cycle.problems.map(formatProblem).join("\n")).toContain("layouts/B.json: extends: layouts extend each other in a loop: A -> B -> A");
    const missing = await resolveLayout("A", source({ A: { extends: "Nope", slots: [] } }));
    expect(missing.problems.map(formatProblem)).toEqual(["layouts/A.json: extends: no layout file layouts/Nope.json"]);
  });

  it("names the closest layout for an extends to none, and stops there: no problem for the slots that patch the missing base", async () => {
    const files = {
      default: { slots: [{ id: "hero", block: "hero" }, { id: "faqs", block: "faq" }] },
      People: { extends: "defualt", slots: [{ id: "hero", options: { variant: "people" } }, { id: "faqs", remove: true }, { id: "more", block: "faq", after: "hero" }] },
      Team: { extends: "People", slots: [{ id: "more", remove: true }] },
    };
    const known = Object.keys(files);
    const people = await resolveLayout("People", source(files), known);
    expect(people.problems.map(formatProblem)).toEqual(['layouts/People.json: extends: no layout file layouts/defualt.json (did you mean "default"?)']);
    const team = await resolveLayout("Team", source(files), known);
    expect(team.problems.map(formatProblem)).toEqual(['layouts/People.json: extends: no layout file layouts/defualt.json (did you mean "default"?)']);
  });

  it("rejects positioning keys in a layout that extends nothing", async () => {
    const layout = await resolveLayout("A", source({ A: { slots: [{ id: "x", block: "faq", after: "y" }] } }));
    expect(layout.problems.map(formatProblem)).toContain('layouts/A.json: slots[0].after: "after" only applies in a layout that "extends" another');
  });
});
