import { describe, expect, it } from "vitest";
import { page, wireItem } from "../../tests/builders.ts";
import type { Page } from "../content/contract.ts";
import { resolveLayout } from "../runtime/layout.ts";
import { describeReason, formatInspection, inspectPage, type PageInspection } from "./inspect.ts";
import { matchAddress } from "./route.ts";

const noText = () => undefined;

/** A one-file layout (it is `default`) with these slots, inspected on this page. */
async function inspect(slots: unknown[], p: Page): Promise<PageInspection> {
  const layout = await resolveLayout("Crafted", (name) => Promise.resolve(name === "default" ? { slots } : undefined));
  return inspectPage(matchAddress("/crafted"), p, layout, noText);
}

const why = (report: PageInspection) =>
  Object.fromEntries(report.slots.map((slot) => [slot.id, slot.reason ? describeReason(slot.reason) : "renders"]));

describe("inspectPage: why a slot renders nothing", () => {
  it("says when the page has no item of the slot's type", async () => {
    const report = await inspect([{ id: "faqs", block: "faq" }], page({ contents: [wireItem("Icons")] }));
    expect(why(report).faqs).toBe("no item of type FAQS (the page's contents has 1 item of other types)");
  });

  it("names the tag that matched nothing and the closest tags the content has", async () => {
    const report = await inspect(
      [{ id: "people-icons", block: "icons", items: { tags: ["PPL-ICON-SEC-1"] } }],
      page({
        contents: [
          wireItem("Icons", { tags: ["PPL-ICONS-SEC-1"] }),
          wireItem("Icons", { tags: ["UNRELATED-THING"] }),
          wireItem("Icons", { tags: ["PPL-ICON-SEC-2"] }),
          wireItem("Thumbnails", { tags: ["PPL-ICON-SEC-X"] }),
        ],
      }),
    );
    expect(why(report)["people-icons"]).toBe(
      "3 items of type Icons but none with tag PPL-ICON-SEC-1 (closest tags in the content: PPL-ICON-SEC-2, PPL-ICONS-SEC-1, UNRELATED-THING)",
    );
    expect(report.slots[0]?.selection).toMatchObject({ considered: 4, steps: [{ step: "type", kept: 3 }, { step: "tags", kept: 0 }], selected: 0 });
  });

  it("says which template already placed every item a layout section would show", async () => {
    const report = await inspect(
      [{ id: "thumbnails", block: "thumbnails" }, { id: "templates", templates: true }],
      page({
        contents: [wireItem("Thumbnails", { tags: ["CAPABILITIES"] })],
        conetentTemplates: [{ contentType: 10, tagName: "CAPABILITIES", templateName: "Thumbnail_Insurance_Page_Template" }],
      }),
    );
    expect(why(report)).toEqual({
      thumbnails: "all 1 item already placed by template Thumbnail_Insurance_Page_Template",
      "tpl-thumbnail-insurance-page-template-capabilities": "renders",
    });
    expect(report.slots[1]?.source).toEqual({ kind: "template", templateName: "Thumbnail_Insurance_Page_Template", tagName: "CAPABILITIES", contentType: 10 });
  });

  it("names the path of options that do not validate", async () => {
    const report = await inspect([{ id: "icons", block: "icons", options: { layout: "mosaic" } }], page({ contents: [wireItem("Icons")] }));
    expect(report.slots[0]?.renders).toBe(false);
    expect(why(report).icons).toMatch(/^options invalid at options\.layout: /);
  });

  it("notes content options that were replaced by the template's own, and still renders", async () => {
    const report = await inspect(
      [{ id: "templates", templates: true }],
      page({ contents: [wireItem("Icons")], conetentTemplates: [{ contentType: 5, templateName: "Icon_CommonTemplate", templateOptions: '{"layout":"mosaic"}' }] }),
    );
    expect(report.slots[0]?.renders).toBe(true);
    expect(report.slots[0]?.notes).toEqual([expect.stringMatching(/^content options invalid at options\.layout/)]);
  });

  it("reports unknown templates, with the likely intended name", async () => {
    const report = await inspect(
      [{ id: "templates", templates: true }],
      page({ contents: [wireItem("Icons")], conetentTemplates: [{ contentType: 5, templateName: "Icon_CommonTemplat" }] }),
    );
    expect(report.slots.map((slot) => [slot.renders, slot.reason && describeReason(slot.reason)])).toEqual([
      [false, 'unknown template "Icon_CommonTemplat" (did you mean "Icon_CommonTemplate"?)'],
    ]);
  });

  it("says which rule of the filter dropped the last items", async () => {
    const report = await inspect(
      [
        { id: "experts", block: "testimonials", items: { titleIn: ["Priya Raghunathan"] } },
        { id: "no-clients", block: "testimonials", items: { titleExcludes: ["client"] } },
        { id: "untagged", block: "testimonials", items: { excludeTags: ["HIDDEN"] } },
        { id: "templates", templates: true },
      ],
      page({ contents: [wireItem("Testimonials", { title: "A Client in Insurance", tags: ["hidden"] })] }),
    );
    expect(why(report)).toEqual({
      experts: '1 item of type Testimonials but none titled "Priya Raghunathan"',
      "no-clients": 'all 1 item of type Testimonials have a title containing "client"',
      untagged: "all 1 item of type Testimonials carry an excluded tag (HIDDEN)",
      templates: "the page has no content templates",
    });
  });

  it("prints route, page, layout and one entry per slot", async () => {
    const report = await inspect([{ id: "hero", block: "hero" }, { id: "faqs", block: "faq" }], page({ id: 7, name: "Crafted" }));
    const text = formatInspection(report);
    expect(text).toContain('page    asked "/crafted" → id 7, name "Crafted"');
    expect(text).toContain("layout  layouts/default.json");
    expect(text).toMatch(/1\. ✓ hero {2}\[hero\]/);
    expect(text).toContain("renders nothing: the page's contents list is empty");
  });
});

describe("matchAddress", () => {
  it("follows redirects and matches routes ignoring case, as the app's router does", () => {
    expect(matchAddress("http://localhost:4173/people?inspect")).toMatchObject({ pattern: "/People", request: "People" });
    expect(matchAddress("/")).toMatchObject({ redirectedFrom: "/", path: "/Home", request: "index" });
    expect(matchAddress("/blogs/my-post")).toMatchObject({ pattern: "/blogs/:pageName", layout: "BlogDetail", request: "/blogs/my-post" });
    expect(matchAddress("/no/such/route")).toMatchObject({ pattern: "*", request: "/no/such/route", missing: "home" });
  });
});
