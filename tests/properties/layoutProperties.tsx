/**
 * Properties of the renderer over generated, schema-valid Pages and every layout file:
 * it never throws and no block fails; a section is present exactly when its filter selects
 * items; every item shown in a tag-filtered section carries one of its tags; and no content
 * leaves script, an on* handler or a script: URL in the DOM.
 */
import { act, render, waitFor } from "@testing-library/react";
import fc from "fast-check";
import { readdirSync } from "node:fs";
import { RouterProvider, createMemoryRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { layoutSource } from "../../src/app/layoutSource.ts";
import { PageSchema, contentTypeCodes, type ContentTypeName, type Page } from "../../src/content/contract.ts";
import { RuntimeProvider } from "../../src/runtime/context.tsx";
import type { ResolvedLayout } from "../../src/runtime/layout.ts";
import { PageRenderer } from "../../src/runtime/PageRenderer.tsx";
import { pageSlots } from "../../src/runtime/slots.ts";
import { blockRegistry, templateRegistry } from "../../src/runtime/registry.ts";
import { contentTypeName } from "../../src/content/contract.ts";
import { cannedFetch, testRuntime, withResolvedOptions } from "../harness.tsx";
import { selectItems } from "../../src/runtime/filter.ts";
import { executableMarkup, xssSample } from "../xss.ts";

const layoutNames = readdirSync("layouts").map((f) => f.replace(/\.json$/, ""));
/** The run's seed (tools/test-properties.ts prints it; PROPERTY_SEED reruns it). */
const seed = Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31);
const hostile = xssSample(97);
const tags = ["PPL-CAROUSELS-1", "PPL-CAROUSELS-2", "PPL-ICON-SEC-1", "PPL-ICON-SEC-2", "PPL-ICON-THUMB-1", "PPL-ICON-THUMB-2", "UTILITIES-ADVANTAGE", "UTILITIES-EXPLORE", "UTILITIES-SERVICE-PORTFOLIO", "UTILITIES-INNOVATION", "utilities-brand-customer-experience", "SST-AI-THUMBNAIL", "IMMERSIVE-AR", "GBS-CP-PP-HEADER-1", "OTHER"];
const itemTypes: ContentTypeName[] = ["Icons", "Thumbnails", "Panels", "Testimonials", "CaseStudies", "Blogs", "ThoughtPapers", "FAQS", "Infographics", "Carousels", "Videos", "Branches"];

const text = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom(...hostile), fc.constant(null));
const url = fc.oneof(fc.constantFrom("/media/a.svg", "https://cdn.example.com/b.png", "/blogs"), fc.constantFrom(...hostile), fc.constant(null));

/** Item titles are unique tokens ("Item-007") so a section's text tells which items it shows. */
const wirePage = fc
  .record({
    heading: text,
    shortDesc: text,
    longDesc: fc.oneof(text, fc.array(fc.constantFrom(...hostile), { maxLength: 5 }).map((p) => p.join("<br>"))),
    category: text,
    pageheroimage: url,
    pageFixedImage: url,
    csImage: url,
    resources: fc.dictionary(fc.constantFrom("FAQS-TITLE", "BLOGS-TITLE", "ICONS-TITLE"), fc.oneof(fc.string(), fc.constantFrom(...hostile))),
    items: fc.array(
      fc.record({
        type: fc.constantFrom(...itemTypes),
        expert: fc.boolean(),
        tags: fc.oneof(fc.subarray(tags, { maxLength: 2 }), fc.subarray(tags, { maxLength: 2 }).map((t) => t.join(", "))),
        shortDesc: text,
        longDesc: text,
        image: url,
        link: url,
        anchorlink: fc.oneof(fc.constantFrom("/a-post", "/another"), text),
        designation: text,
        authorName: text,
        number: fc.oneof(fc.integer(), text),
        direction: fc.constantFrom("Left", "Right", null, "sideways"),
        date: fc.oneof(fc.constant("2026-03-14T00:00:00"), text),
      }),
      { maxLength: 24 },
    ),
    carouselList: fc.array(fc.record({ title: text, shortDesc: text }), { maxLength: 3 }),
    templates: fc.array(
      fc.record({
        contentType: fc.constantFrom(...itemTypes).map((t) => contentTypeCodes[t]),
        tagName: fc.oneof(fc.constantFrom(...tags), fc.constant(null)),
        templateName: fc.constantFrom("Blog_CommonTemplate", "Icon_CommonTemplate", "Carousel_People_PAGE_Template", "Thumbnail_Insurance_Page_Template", "Unknown_Template"),
        templateOptions: fc.oneof(fc.constant(null), fc.constant("{\"layout\":\"list\"}"), fc.constant("{broken"), fc.constant("{\"layout\":7}")),
      }),
      { maxLength: 3 },
    ),
  })
  .map(({ items, templates, ...fields }): Page =>
    PageSchema.parse({
      id: 77,
      name: "Generated",
      ...fields,
      contents: items.map((item, index) => ({
        ...item,
        id: index + 1,
        type: contentTypeCodes[item.type],
        title: item.type === "Testimonials" && item.expert ? (index % 2 ? "Priya Raghunathan" : "Daniel Okafor") : `Item-${String(index).padStart(3, "0")}`,
        video: item.type === "Videos" ? "/media/corvane-showreel.webm" : null,
      })),
      conetentTemplates: templates,
    }),
  );

async function renderGenerated(page: Page, layout: ResolvedLayout) {
  // Below the root, so blocks that read the address (breadcrumbs) show it too; a data router, as
  // on the site, for the blocks that use its APIs (the forms submit through a fetcher).
  const router = createMemoryRouter([{ path: "*", element: <PageRenderer page={page} slots={withResolvedOptions(pageSlots(layout, page, (key) => page.resources[key]).slots)} /> }], {
    initialEntries: ["/generated-section/generated-page"],
  });
  const view = render(
    <RuntimeProvider runtime={testRuntime({ fetch: cannedFetch({}) })}>
      <RouterProvider router={router} />
    </RuntimeProvider>,
  );
  // Blocks below the fold mount from the first frame painted after the render (useAfterFirstPaint):
  // that frame first, then until every block's code has arrived. On a busy machine the critical
  // blocks' code can be there before the frame, and the sections below the fold not yet mounted.
  // no clock: this waits for the frame itself (the task after it), not for time to pass.
  await act(() => new Promise<void>((painted) => requestAnimationFrame(() => setTimeout(painted, 0))));
  await waitFor(() => expect(view.container.querySelector(".block-loading")).toBeNull(), { timeout: 5000 });
  return view;
}

/** The filter language compares tags ignoring case and runs of spaces. */
const sameWords = (a: string, b: string) => a.trim().replace(/\s+/g, " ").toLowerCase() === b.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * Declares the properties for every `parts`-th layout file from `part`: the layouts are shared
 * among test files so the longest suite runs on every core at once.
 */
export function describeRenderProperties(part: number, parts: number) {
  const names = layoutNames.filter((_, index) => index % parts === part);
  describe(`rendering generated pages through every layout (share ${part + 1} of ${parts})`, () => {
    it.each(names)("%s", async (name) => {
      const layout = await layoutSource(name);
      expect(layout.name).toBe(name);
      vi.spyOn(console, "warn").mockImplementation(() => undefined);
      await fc.assert(
        fc.asyncProperty(wirePage, async (page) => {
          const view = await renderGenerated(page, layout);
          try {
            const { container } = view;
            // The renderer never throws, and no block fails on schema-valid content.
            expect(container.querySelector(".block-error")).toBeNull();
            // No content can run script.
            expect(executableMarkup(container)).toEqual([]);
            // Items a known content template places are not repeated by the layout's own sections.
            const placed = new Set(
              layout.slots.some((slot) => slot.kind === "templates")
                ? page.conetentTemplates.flatMap((template) => {
                    const block = templateRegistry[template.templateName]?.block;
                    const type = template.contentType === null ? undefined : contentTypeName(template.contentType);
                    if (!block || !type || !blockRegistry[block].consumes.includes(type)) return [];
                    return selectItems(page, { type, ...(template.tagName ? { tags: [template.tagName] } : {}) }).map((item) => item.key);
                  })
                : [],
            );
            for (const slot of layout.slots) {
              if (slot.kind !== "block" || blockRegistry[slot.block].consumes.length === 0) continue;
              const consumes = blockRegistry[slot.block].consumes;
              const source = slot.items?.from === "carouselList" ? page.carouselList : page.contents;
              // Which items a filter selects is src/runtime/filter.test.ts's subject; here, what the page shows of them.
              const selected = selectItems(page, slot.items ?? {}, consumes).filter((item) => !placed.has(item.key));
              const section = container.querySelector(`[data-slot="${slot.id}"]`);
              // A section is present exactly when its filter selects items.
              expect(section !== null, `${name}: slot ${slot.id}`).toBe(selected.length > 0);
              if (!section) continue;
              const shown = source.filter((item) => item.title?.startsWith("Item-") && section.textContent.includes(item.title));
              const selectedTitles = new Set(selected.map((item) => item.title));
              for (const item of shown) {
                // Everything a section shows was selected by its filter...
                expect(selectedTitles.has(item.title), `${name}: slot ${slot.id} shows ${item.title ?? ""}`).toBe(true);
                // ...so in a tag-filtered section it carries one of the slot's tags.
                if (slot.items?.tags) expect(item.tags.some((tag) => slot.items?.tags?.some((wanted) => sameWords(wanted, tag))), `${name}: ${slot.id} shows ${item.title ?? ""} with tags ${item.tags.join(",")}`).toBe(true);
              }
            }
          } finally {
            view.unmount();
          }
        }),
        // 10 a layout (15 under test:unit): the server-render properties now also generate pages at every layout's address.
        { numRuns: 10, seed },
      );
    }, 120_000);
  });
}
