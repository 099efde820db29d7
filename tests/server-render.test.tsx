// @vitest-environment node
/**
 * Every address rendered as the server renders it, with no browser at all (no window, document
 * or storage): the status a crawler trusts, the page's head, and the text of what a visitor sees.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { organizationJsonLd, organizationPlaceholder } from "../src/build/organizationPlugin.ts";
import { HYDRATION_SCRIPT_OPEN, hydrationJsonIn } from "../src/runtime/hydrationData.ts";
import { isPageData, type PageData } from "../src/runtime/pageData.ts";
import { isSiteChrome, ROOT_ROUTE_ID, type SiteChrome } from "../src/runtime/siteData.ts";
import { blockRegistry, routeTable } from "../src/runtime/registry.ts";
import { openSite } from "../src/ssr/entry-server.tsx";
import { fixturePageData, fixtureService, requestUrl, serviceFetch, type FixtureItem, hydrationDataOf } from "./harness.tsx";

// index.html as the build writes it (the Organization data in place).
const template = readFileSync("index.html", "utf8").replace(organizationPlaceholder, organizationJsonLd("."));
const site = openSite({ template, manifest: {} });
const siteUrl = "https://www.corvane.example";
const options = (fetch: typeof globalThis.fetch = serviceFetch(fixtureService())) => ({ fetch, siteUrl });
/** The page at `address`, asked for as a browser asks (GET). */
const renderDocument = (address: string, given: ReturnType<typeof options>) => site.renderDocument(new Request(new URL(address, siteUrl)), given);

/** The router's data the server embedded for the browser to hydrate from. */
function embeddedData(html: string) {
  const json = hydrationJsonIn(html);
  return json === undefined ? undefined : hydrationDataOf(JSON.parse(json));
}
/** The resolved page the server embedded. */
const embeddedPage = (html: string): PageData | undefined => Object.values(embeddedData(html)?.loaderData ?? {}).find(isPageData);
/** The site's chrome (menus, resources) the server embedded: the root route's data. */
function embeddedChrome(html: string): SiteChrome | undefined {
  const chrome = embeddedData(html)?.loaderData[ROOT_ROUTE_ID];
  return isSiteChrome(chrome) ? chrome : undefined;
}
const plainText = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, " ").replace(/<[^>]+>/g, " ").replace(/&amp;/g, "&").replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/\s+/g, " ");

const fixedRoutes = routeTable.routes.filter((route) => !route.path.includes(":") && route.page !== undefined);

describe("server rendering", () => {
  it("has no browser to lean on", () => {
    expect(typeof window).toBe("undefined");
    expect(typeof document).toBe("undefined");
  });

  it.each(fixedRoutes.map((route) => [route.path, route.page ?? ""]))("renders %s with its head, menus, heading and text", async (path, pageName) => {
    const result = await renderDocument(path, options());
    expect(result.kind).toBe("page");
    if (result.kind !== "page") return;
    expect(result.status).toBe(200);
    const page = fixturePageData(pageName);
    const html = result.html;
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain(`<link rel="canonical" href="${siteUrl}${path}" />`);
    expect(head).toMatch(/<title>[^<]+<\/title>/);
    expect(head).toContain('<meta property="og:url"');
    expect(head).toContain('"@type":"Organization"');
    expect(head).not.toContain("data-static-head");
    const body = html.slice(html.indexOf('<div id="root">'));
    expect(body).toMatch(/<h1[^>]*>/);
    expect(body).toContain('class="site-header');
    expect(body).toContain('class="site-footer');
    expect(body).not.toContain("Loading...");
    expect(html).not.toContain("<noscript>");
    // The page's heading and the items its sections show are in the HTML as text.
    const text = plainText(body);
    const heading = [page.heading, page.heading1].filter((value): value is string => typeof value === "string" && value !== "");
    expect(heading.some((value) => text.includes(value.replace(/<[^>]+>/g, "")))).toBe(true);
    // A list page of the fixtures has no contents at all (null).
    const contents: unknown = page.contents;
    const sections = (Array.isArray(contents) ? (contents as FixtureItem[]) : []).filter((item) => item.type !== 7 && item.title.trim() !== "" && !item.title.includes("<"));
    if (sections.length > 0) expect(sections.filter((item) => text.includes(item.title.trim())).length).toBeGreaterThan(0);
  });

  it("embeds the resolved page (slots, blocks) and, once, the site's chrome (menus, resources) as data a script cannot end early, not the content calls", async () => {
    const result = await renderDocument("/Home", options());
    if (result.kind !== "page") throw new Error("expected a page");
    const page = embeddedPage(result.html);
    if (page?.status !== "ready") throw new Error("expected the resolved page");
    expect(page.page.name).toBe("index");
    expect(page.slots.length).toBeGreaterThan(0);
    expect(page.blocks).toEqual([...new Set(page.slots.map((slot) => slot.block))]);
    // Which sections are above the fold, decided by the loader once (the registry's `critical`): the hero's, not the sections below.
    expect(page.aboveTheFold).toContain("hero");
    expect(page.aboveTheFold).toEqual(page.blocks.filter((block) => blockRegistry[block].critical));
    for (const slot of page.slots) expect(slot.aboveTheFold).toBe(page.aboveTheFold.includes(slot.block));
    expect(page.slots.filter((slot) => slot.aboveTheFold === false).length).toBeGreaterThan(0);
    const chrome = embeddedChrome(result.html);
    expect(Array.isArray(chrome?.menus) && chrome.menus.length > 0).toBe(true);
    expect(Object.keys(chrome?.resources ?? {}).length).toBeGreaterThan(0);
    // The chrome goes once, with the root route, not with the page too.
    const json = hydrationJsonIn(result.html) ?? "";
    expect(json.split('"MenuGroupName"').length - 1).toBe(chrome?.menus === "failed" ? 0 : chrome?.menus.length);
    expect(result.html).not.toContain("/api/page/get");
    expect(json).not.toMatch(/<\//);
  });

  it("requests the hero picture from the head, with high priority", async () => {
    const result = await renderDocument("/Home", options());
    if (result.kind !== "page") throw new Error("expected a page");
    const head = result.html.slice(0, result.html.indexOf("</head>"));
    const image = fixturePageData("index").pageheroimage;
    // Through the site's /_media/, where a server-made page loads content media (docs/media.md).
    const address = `/_media${String(image)}`;
    expect(head).toMatch(new RegExp(`<link rel="preload"[^>]*href="${address}"[^>]*fetchPriority="high"|<link rel="preload"[^>]*fetchPriority="high"[^>]*href="${address}"`, "i"));
  });

  it("shows a photograph as a background in the copy for the screen's width, and asks for the home hero's from the head", async () => {
    const service = serviceFetch(fixtureService());
    // The home page with a photograph as its hero, as a content service of real pictures has it.
    const withPhoto: typeof fetch = async (input, init) => {
      const answer = await service(input, init);
      if (new URL(requestUrl(input), siteUrl).pathname !== "/api/page/get" || init?.body !== JSON.stringify("index")) return answer;
      return Response.json({ ...((await answer.json()) as Record<string, unknown>), pageheroimage: "/media/photo-hero.jpg" });
    };
    const result = await renderDocument("/Home", options(withPhoto));
    if (result.kind !== "page") throw new Error("expected a page");
    const head = result.html.slice(0, result.html.indexOf("</head>"));
    const hero = /<header class="hero hero--home[^"]*" style="([^"]*)"/.exec(result.html)?.[1]?.replace(/&quot;/g, '"') ?? "";
    expect(hero).toContain('--background:url("/_media/media/photo-hero.jpg")');
    expect(hero).toContain('--background-narrow:image-set(url("/_media/media/photo-hero.jpg.768w.avif") type("image/avif"), url("/_media/media/photo-hero.jpg.768w.webp") type("image/webp"), url("/_media/media/photo-hero.jpg"))');
    expect(hero).toContain('--background-wide:image-set(url("/_media/media/photo-hero.jpg.1920w.avif") type("image/avif")');
    // The copy the stylesheet picks for each screen (src/styles/global.css, 48rem), not the original.
    const preloads = [...head.matchAll(/<link rel="preload"[^>]*>/g)].map(([link]) => link);
    expect(preloads.find((link) => link.includes('href="/_media/media/photo-hero.jpg.768w.avif"'))).toMatch(/media="\(max-width: 47\.99rem\)"/);
    expect(preloads.find((link) => link.includes('href="/_media/media/photo-hero.jpg.1920w.avif"'))).toMatch(/media="\(min-width: 48rem\)"/);
    expect(preloads.some((link) => link.includes('href="/_media/media/photo-hero.jpg"'))).toBe(false);
  });

  it("renders the first page of a list's results", async () => {
    const result = await renderDocument("/blogs", options());
    if (result.kind !== "page") throw new Error("expected a page");
    expect(result.html).toContain("content-list");
    const page = embeddedPage(result.html);
    const list = page?.status === "ready" ? page.slots.find((slot) => slot.block === "content-list") : undefined;
    expect(list?.data).toMatchObject({ result: { items: expect.any(Array) as unknown } });
    expect(result.html).not.toContain("Loading...");
    expect(result.html.match(/class="card[ "]/g)?.length ?? 0).toBeGreaterThan(0);
  });

  it("redirects / to /Home, and an unknown address the service has no page for to /", async () => {
    expect(await renderDocument("/", options())).toMatchObject({ kind: "redirect", status: 301, location: "/Home" });
    expect(await renderDocument("/?utm_source=x", options())).toMatchObject({ kind: "redirect", status: 301, location: "/Home?utm_source=x" });
    expect(await renderDocument("/no-such-page-at-all", options())).toMatchObject({ kind: "redirect", status: 302, location: "/" });
  });

  it("answers a missing detail page with the not-found screen and 404", async () => {
    const result = await renderDocument("/blogs/no-such-post", options());
    if (result.kind !== "page") throw new Error("expected a page");
    expect(result.status).toBe(404);
    expect(result.html).toContain("This page could not be found");
  });

  it("answers 503 with the retry screen when the content service fails", async () => {
    const failing: typeof fetch = () => Promise.reject(new Error("connection refused"));
    const result = await renderDocument("/Home", options(failing));
    if (result.kind !== "page") throw new Error("expected a page");
    expect(result.status).toBe(503);
    // The wait the route's loader said (src/app/retryLater.ts), for the server to pass on as it is.
    expect(result.retryAfter).toBe("30");
    expect(result.html).toContain("This page could not be loaded");
    // Not hydrated: the browser starts over with index.html's own script and loads the page itself,
    // knowing only that the site's server sent it (its media then come through the site, as they would have).
    expect(embeddedPage(result.html)).toBeUndefined();
    expect(result.html).toContain(`${HYDRATION_SCRIPT_OPEN}{"siteUrl":`);
  });

  it("keeps the logo and the legal row when the menu call fails, and says so to the browser", async () => {
    const service = serviceFetch(fixtureService());
    const noMenus: typeof fetch = (input, init) => (requestUrl(input).includes("GetMenuList") ? Promise.resolve(new Response("garbage", { status: 200 })) : service(input, init));
    const result = await renderDocument("/about-us", options(noMenus));
    if (result.kind !== "page") throw new Error("expected a page");
    expect(result.status).toBe(200);
    expect(embeddedChrome(result.html)?.menus).toBe("failed");
    expect(result.html).toContain("site-header__logo");
    expect(result.html).toContain("Cookie Settings");
  });

  it("shows hostile content as text, never as markup that runs", async () => {
    const hostile = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const service = serviceFetch(fixtureService());
    const fetchWithHostilePage: typeof fetch = async (input, init) => {
      if (!requestUrl(input).includes("/api/page/get")) return service(input, init);
      return new Response(JSON.stringify({ id: 5, name: "About-Us", title: hostile, heading: hostile, longDesc: hostile, contents: [{ id: 1, type: 5, title: hostile, shortDesc: hostile }] }), { status: 200 });
    };
    const result = await renderDocument("/about-us", options(fetchWithHostilePage));
    if (result.kind !== "page") throw new Error("expected a page");
    expect(result.html).not.toMatch(/<script>alert/);
    expect(result.html).not.toMatch(/<img[^>]*onerror/i);
  });
});
