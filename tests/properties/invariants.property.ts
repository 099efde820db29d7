// @vitest-environment node
/**
 * Each invariant catches the defect it is there for: the home page as the server renders it
 * keeps them all, and the same page with one defect planted breaks exactly that invariant.
 */
import { describe, expect, it } from "vitest";
import { HYDRATION_SCRIPT_OPEN } from "../../src/runtime/hydrationData.ts";
import { brokenInvariants, invariants } from "./invariants.ts";
import { renderPage, type RenderedPage } from "./render.ts";

const home = await renderPage("/Home");
const named = (start: string) => {
  const invariant = invariants.find((entry) => entry.name.startsWith(start));
  if (!invariant) throw new Error(`no invariant "${start}"`);
  return invariant.name;
};

/** The invariants `page` breaks, by name. */
async function broken(page: RenderedPage | { address: string; error: unknown }) {
  return (await brokenInvariants({ rendered: page, contentStrings: new Set() })).map(({ name, problems }) => ({ name, problems }));
}

/** The home page with `plant` applied to its HTML. */
const planted = (plant: (html: string) => string): RenderedPage => ({ ...home, html: plant(home.html) });
/** Inside the first section a slot rendered. */
const intoFirstSection = (markup: string) => (html: string) => html.replace(/(<section[^>]*data-slot="[^"]+"[^>]*>)/, `$1${markup}`);

describe("each invariant catches a planted defect", () => {
  it("the home page as rendered keeps every invariant", async () => {
    expect(await broken(home)).toEqual([]);
  });

  const cases: [string, () => Promise<RenderedPage | { address: string; error: unknown }> | RenderedPage | { address: string; error: unknown }][] = [
    ["renders without throwing", () => planted(intoFirstSection('<div class="block-error" data-slot="hero" data-error="render"></div>'))],
    ["renders without throwing", () => ({ address: "/Home", error: new TypeError("Cannot read properties of null (reading 'title')") })],
    // The service has no such page: the not-found screen (404), not the page.
    ["renders without throwing", () => renderPage("/about-us", { id: 0 })],
    ["no script or event handler", () => planted(intoFirstSection('<img src="x" onerror="alert(1)">'))],
    ["no script or event handler", () => planted((html) => html.replace("</head>", "<script>alert(1)</script></head>"))],
    ["every slot either renders", () => ({ ...home, inspection: { ...home.inspection, slots: home.inspection.slots.map((slot, index) => (index === 0 ? { ...slot, renders: false, reason: null } : slot)) } })],
    ["every slot either renders", () => ({ ...home, inspection: { ...home.inspection, slots: [...home.inspection.slots, { ...(home.inspection.slots[0] ?? ({} as never)), id: "never-mounted", renders: true, reason: null }] } })],
    ["exactly one <h1>", () => planted(intoFirstSection("<h1>A second page heading</h1>"))],
    ["exactly one <h1>", () => planted((html) => html.replace(/<h1([^>]*)>([\s\S]*?)<\/h1>/, "<p$1>$2</p>"))],
    ["the <title>", () => planted((html) => html.replace(/<title>[^<]*<\/title>/, `<title>${"Corvane Global Services ".repeat(14)}</title>`))],
    ["the <title>", () => planted((html) => html.replace(/<title>([^<]*)<\/title>/, (_, title: string) => `<title>${title.slice(0, 12)}…</title>`))],
    ["the <title>", () => planted((html) => html.replace(/<meta name="description" content="[^"]*"/, `<meta name="description" content="${"more than 2000 professionals ".repeat(10)}"`))],
    ["every internal link", () => planted(intoFirstSection('<a href="/no-such-page-anywhere">Read more</a>'))],
    ["every internal link", () => planted(intoFirstSection('<a href="/blogs/no-such-post">A post</a>'))],
    ["the hydration data", () => planted((html) => html.replace(new RegExp(`(${HYDRATION_SCRIPT_OPEN})[\\s\\S]*?</script>(\\s*</body>)`), '$1{"siteUrl":</script>$2'))],
    ["the hydration data", () => planted((html) => html.replace(new RegExp(`(${HYDRATION_SCRIPT_OPEN})[\\s\\S]*?</script>(\\s*</body>)`), '$1{"siteUrl":"x","loaderData":{}}</script>$2'))],
    ["headings do not skip", () => planted(intoFirstSection("<h2>Our services</h2><h4>Creative</h4>"))],
  ];
  it.each(cases.map(([start, plant], index) => [`${named(start)} (defect ${index + 1})`, start, plant] as const))("%s", async (_, start, plant) => {
    const result = await broken(await plant());
    expect(result.map((entry) => entry.name)).toContain(named(start));
  });

});
