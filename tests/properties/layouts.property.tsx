/**
 * Properties of the browser's renderer (under jsdom) over generated, schema-valid Pages and every
 * layout file, as named invariants: the renderer never throws and no block fails; no content
 * leaves script, an on* handler or a script: URL in the DOM; a section is present exactly when
 * its filter selects items; a section shows only items its filter selected, carrying the slot's
 * tags. Ten pages a layout, the same ten for every layout (the run's seed); one test per
 * invariant, which fails once, naming the first layout and page that broke it, shrunk (./search.ts).
 */
import { act, render, waitFor } from "@testing-library/react";
import fc from "fast-check";
import { readdirSync } from "node:fs";
import { RouterProvider, createMemoryRouter } from "react-router-dom";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { layoutSource } from "../../src/app/createRuntime.ts";
import { PageSchema, contentTypeCodes, contentTypeName, type ContentTypeName, type Page } from "../../src/content/contract.ts";
import { selectItems } from "../../src/runtime/filter.ts";
import { RuntimeProvider } from "../../src/runtime/context.tsx";
import type { ResolvedLayout } from "../../src/runtime/layout.ts";
import { PageRenderer } from "../../src/runtime/PageRenderer.tsx";
import { blockRegistry, templateRegistry } from "../../src/runtime/registry.ts";
import { pageSlots } from "../../src/runtime/slots.ts";
import { cannedFetch, testRuntime, withResolvedOptions } from "../harness.tsx";
import { executableMarkup, xssSample } from "../xss.ts";
import { writeCounterexample } from "./counterexample.ts";
import { fixtureAddress } from "./render.ts";
import { firstBreaks, rerun, shortened, shrinkBreak, type Breakage, type FirstBreak } from "./search.ts";

const layoutNames = readdirSync("layouts").map((f) => f.replace(/\.json$/, ""));
/** The run's seed (tools/test-properties.ts prints it; PROPERTY_SEED reruns it). */
const seed = Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31);
const shrinkSeconds = Number(process.env.PROPERTY_SHRINK_SECONDS ?? 60);
/** Pages a layout: the server-render properties (./pages.property.ts) also generate pages at every layout's address. */
const runsPerLayout = 10;
const hostile = xssSample(97);
const tags = ["PPL-CAROUSELS-1", "PPL-CAROUSELS-2", "PPL-ICON-SEC-1", "PPL-ICON-SEC-2", "PPL-ICON-THUMB-1", "PPL-ICON-THUMB-2", "UTILITIES-ADVANTAGE", "UTILITIES-EXPLORE", "UTILITIES-SERVICE-PORTFOLIO", "UTILITIES-INNOVATION", "utilities-brand-customer-experience", "SST-AI-THUMBNAIL", "IMMERSIVE-AR", "GBS-CP-PP-HEADER-1", "OTHER"];
const itemTypes: ContentTypeName[] = ["Icons", "Thumbnails", "Panels", "Testimonials", "CaseStudies", "Blogs", "ThoughtPapers", "FAQS", "Infographics", "Carousels", "Videos", "Branches"];

interface Generated {
  wire: Record<string, unknown>;
  page: Page;
}

const text = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom(...hostile), fc.constant(null));
const url = fc.oneof(fc.constantFrom("/media/a.svg", "https://cdn.example.com/b.png", "/blogs"), fc.constantFrom(...hostile), fc.constant(null));

/** A page as the content service sends it and as the site reads it. Item titles are unique tokens ("Item-007") so a section's text tells which items it shows. */
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
  .map(({ items, templates, ...fields }): Generated => {
    const wire = {
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
    };
    return { wire, page: PageSchema.parse(wire) };
  });

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


const invariantNames = {
  renders: "renders without throwing, and no block fails on schema-valid content",
  noScript: "no script or event handler from content reaches the browser's DOM",
  present: "a slot's section is present exactly when its filter selects items",
  selected: "a section shows only items its filter selected, carrying the slot's tags",
} as const;

/** The invariants a generated page breaks in `layout`, each with what broke it. */
function checkIn(layout: ResolvedLayout): (generated: Generated) => Promise<Breakage[]> {
  return async ({ page }) => {
    const broken = new Map<string, string[]>();
    const report = (name: string, problem: string) => broken.set(name, [...(broken.get(name) ?? []), problem]);
    let view: Awaited<ReturnType<typeof renderGenerated>>;
    try {
      view = await renderGenerated(page, layout);
    } catch (error) {
      return [{ name: invariantNames.renders, problems: [`the render threw: ${error instanceof Error ? error.message : String(error)}`] }];
    }
    try {
      const { container } = view;
      for (const failed of container.querySelectorAll(".block-error")) report(invariantNames.renders, `block failed in slot "${failed.getAttribute("data-slot") ?? "?"}" (${failed.getAttribute("data-error") ?? ""})`);
      for (const markup of executableMarkup(container)) report(invariantNames.noScript, markup);
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
        if ((section !== null) !== selected.length > 0) report(invariantNames.present, `slot "${slot.id}": ${selected.length} items selected, ${section ? "a section" : "no section"} on the page`);
        if (!section) continue;
        const shown = source.filter((item) => item.title?.startsWith("Item-") && section.textContent.includes(item.title));
        const selectedTitles = new Set(selected.map((item) => item.title));
        for (const item of shown) {
          if (!selectedTitles.has(item.title)) report(invariantNames.selected, `slot "${slot.id}" shows ${item.title ?? ""}, which its filter did not select`);
          else if (slot.items?.tags && !item.tags.some((tag) => slot.items?.tags?.some((wanted) => sameWords(wanted, tag)))) report(invariantNames.selected, `slot "${slot.id}" shows ${item.title ?? ""} with tags ${item.tags.join(",")}, none of ${slot.items.tags.join(",")}`);
        }
      }
    } finally {
      view.unmount();
    }
    return [...broken].map(([name, problems]) => ({ name, problems }));
  };
}

const layouts = new Map<string, ResolvedLayout>();
/** Per layout, the first generated page that broke each invariant. */
const breaks = new Map<string, Map<string, FirstBreak>>();

beforeAll(async () => {
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  for (const name of layoutNames) {
    const layout = await layoutSource(name);
    layouts.set(name, layout);
    breaks.set(name, await firstBreaks(wirePage, checkIn(layout), { seed, numRuns: runsPerLayout }));
  }
}, 1_800_000);

describe(`${runsPerLayout} generated pages through each of the ${layoutNames.length} layout files, in the browser's renderer (seed ${seed})`, () => {
  it("loads every layout file by its name", () => {
    expect([...layouts].filter(([name, layout]) => layout.name !== name).map(([name]) => name)).toEqual([]);
  });

  it.each(Object.values(invariantNames))("%s", async (invariant) => {
    const brokenIn = layoutNames.filter((name) => breaks.get(name)?.has(invariant));
    const [first] = brokenIn;
    const firstBreak = first === undefined ? undefined : breaks.get(first)?.get(invariant);
    const layout = first === undefined ? undefined : layouts.get(first);
    if (first === undefined || !firstBreak || !layout) return;
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const shrunk = await shrinkBreak(wirePage, checkIn(layout), invariant, { seed, numRuns: runsPerLayout, first: firstBreak, shrinkSeconds });
    const written = writeCounterexample(fixtureAddress(first), shrunk.value.wire);
    expect.fail(
      [
        `✗ ${invariant}`,
        `broken in ${brokenIn.length} of ${layoutNames.length} layouts (${brokenIn.join(", ")}); the first, layouts/${first}.json, by a page shrunk in ${shrunk.steps} steps${shrunk.stoppedAfterSeconds ? ` (stopped after ${shrunk.stoppedAfterSeconds} s)` : ""}:`,
        ...shrunk.problems.map((problem) => `    ${shortened(problem)}`),
        `written to ${written.file}: ${written.open}`,
        rerun(seed, Number(process.env.PROPERTY_RUNS ?? 100)),
      ].join("\n"),
    );
  });
});
