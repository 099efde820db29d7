// @vitest-environment node
/**
 * The first screen's pictures (src/runtime/loadPage.ts), as the server renders them: whatever
 * block shows them (a hero, a panel, a card, a slider's slide), the page's first two pictures load
 * at once at high priority and are asked for from the head, in the copy the browser will pick;
 * every later picture loads lazily and is not preloaded.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { organizationJsonLd, organizationPlaceholder } from "../src/build/organizationPlugin.ts";
import { hydrationJsonIn } from "../src/runtime/hydrationData.ts";
import { isPageData } from "../src/runtime/pageData.ts";
import { openSite } from "../src/ssr/entry-server.tsx";
import { fixtureService, requestUrl, serviceFetch, hydrationDataOf } from "./harness.tsx";

const template = readFileSync("index.html", "utf8").replace(organizationPlaceholder, organizationJsonLd("."));
const siteUrl = "https://www.corvane.example";

/** The fixture service, with `change` applied to the answer for the page named `name`. */
function contentWith(name: string, change: (page: Record<string, unknown>) => Record<string, unknown>): typeof fetch {
  const service = serviceFetch(fixtureService());
  return async (input, init) => {
    const answer = await service(input, init);
    if (new URL(requestUrl(input), siteUrl).pathname !== "/api/page/get" || init?.body !== JSON.stringify(name)) return answer;
    return Response.json(change((await answer.json()) as Record<string, unknown>));
  };
}

interface Rendered {
  head: string;
  body: string;
  /** Each `<img>` of the page's content (the header's logo left out), in document order. */
  images: { src: string; eager: boolean; high: boolean }[];
  /** The image preloads in the head. */
  preloads: string[];
  firstPictures: string[];
}

async function render(address: string, fetch: typeof globalThis.fetch = serviceFetch(fixtureService())): Promise<Rendered> {
  const result = await openSite({ template, manifest: {} }).renderDocument(new Request(new URL(address, siteUrl)), { fetch, siteUrl });
  if (result.kind !== "page" || result.status !== 200) throw new Error(`${address}: expected a page`);
  const { html } = result;
  const head = html.slice(0, html.indexOf("</head>"));
  const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
  const images = [...main.matchAll(/<img\b[^>]*>/g)].map(([tag]) => ({
    src: /\bsrc="([^"]*)"/.exec(tag)?.[1] ?? "",
    eager: /\bloading="eager"/.test(tag),
    high: /\bfetchpriority="high"/i.test(tag),
  }));
  const data = hydrationDataOf(JSON.parse(hydrationJsonIn(html) ?? "null"));
  const page = Object.values(data.loaderData).find(isPageData);
  return {
    head,
    body: main,
    images,
    preloads: [...head.matchAll(/<link rel="preload"[^>]*as="image"[^>]*>/g)].map(([link]) => link),
    firstPictures: page?.status === "ready" ? page.firstPictures : [],
  };
}

/** The `<img>`s after the first `count`: all lazy, none high priority. */
function laterAreLazy(images: Rendered["images"], count: number) {
  const later = images.slice(count);
  expect(later.length).toBeGreaterThan(0);
  expect(later.filter((image) => image.eager || image.high)).toEqual([]);
}

const preloadOf = (preloads: string[], address: string) => preloads.find((link) => link.includes(`href="${address}"`) || link.includes(`imageSrcSet="${address}.`));

describe("the first screen's pictures", () => {
  it("are the first panels' photographs on a page whose first screen is panels: eager, high priority, preloaded in the copy the browser picks", async () => {
    const page = await render("/our-studios");
    expect(page.firstPictures).toEqual(["/media/photo-1.jpg", "/media/photo-2.jpg"]);
    expect(page.images.slice(0, 2)).toEqual([
      { src: "/_media/media/photo-1.jpg", eager: true, high: true },
      { src: "/_media/media/photo-2.jpg", eager: true, high: true },
    ]);
    laterAreLazy(page.images, 2);
    // The <picture>'s best format (AVIF) at every width, with the sizes the <img> has.
    const preload = preloadOf(page.preloads, "/_media/media/photo-1.jpg");
    expect(preload).toMatch(/fetchPriority="high"/i);
    expect(preload).toContain('imageSrcSet="/_media/media/photo-1.jpg.320w.avif 320w,');
    expect(preload).toMatch(/imageSizes="100vw"/i);
    expect(preload).toMatch(/type="image\/avif"/);
    expect(preloadOf(page.preloads, "/_media/media/photo-3.jpg")).toBeUndefined();
  });

  it("are the first cards' pictures on a page whose first screen is a card list", async () => {
    const page = await render("/success-stories");
    expect(page.firstPictures).toEqual(["/media/photo-1.jpg", "/media/photo-2.jpg"]);
    expect(page.images.slice(0, 2).map((image) => [image.src, image.eager, image.high])).toEqual([
      ["/_media/media/photo-1.jpg", true, true],
      ["/_media/media/photo-2.jpg", true, true],
    ]);
    laterAreLazy(page.images, 2);
    expect(preloadOf(page.preloads, "/_media/media/photo-2.jpg")).toMatch(/fetchPriority="high"/i);
    expect(preloadOf(page.preloads, "/_media/media/photo-4.jpg")).toBeUndefined();
  });

  it("are the first slides' pictures on a page whose first screen is a slider", async () => {
    // The home page with no hero picture and, for content, infographics only: its carousel comes first.
    const sliderFirst = contentWith("index", (page) => ({
      ...page,
      pageheroimage: null,
      contents: (page.contents as { type: number }[]).filter((item) => item.type === 6).map((item, index) => ({ ...item, image: `/media/photo-${String(index + 1)}.jpg` })),
    }));
    const page = await render("/Home", sliderFirst);
    expect(page.body.indexOf("infographic")).toBeLessThan(page.body.indexOf("photo-1.jpg"));
    expect(page.firstPictures).toEqual(["/media/photo-1.jpg", "/media/photo-2.jpg"]);
    expect(page.images.slice(0, 2).every((image) => image.eager && image.high)).toBe(true);
    laterAreLazy(page.images, 2);
    expect(preloadOf(page.preloads, "/_media/media/photo-1.jpg")).toBeDefined();
  });

  it("are the hero's background and the first panel's picture on the home page, and the hero's and the band's on a service page", async () => {
    const home = await render("/Home");
    expect(home.firstPictures).toEqual(["/media/hero-home.svg", "/media/card-design.svg"]);
    expect(preloadOf(home.preloads, "/_media/media/hero-home.svg")).toMatch(/fetchPriority="high"/i);
    expect(home.images[0]).toEqual({ src: "/_media/media/card-design.svg", eager: true, high: true });
    laterAreLazy(home.images, 1);

    const service = await render("/global-brand-solutions/branding-creative");
    expect(service.firstPictures).toEqual(["/media/hero-brand.svg", "/media/hero-creative.svg"]);
    expect(service.images[0]).toEqual({ src: "/_media/media/hero-brand.svg", eager: true, high: true });
    expect(preloadOf(service.preloads, "/_media/media/hero-creative.svg")).toBeDefined();
    laterAreLazy(service.images, 1);
    // No other content picture is preloaded: the first screen's requests are not shared with later ones.
    expect(service.preloads.filter((link) => link.includes("/_media/"))).toHaveLength(2);
  });
});
