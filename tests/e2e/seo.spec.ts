/**
 * What search engines and link checkers read of the built site (docs/seo.md): the structured data
 * of every detail page and every video of the fixture site against the properties Google's rich
 * results ask for, each value found on the page itself; the sitemap's lastmod; and
 * `npm run check:links` over the whole site, clean and with planted broken links (the export's
 * use of the same check: tools/exportSite.test.ts).
 */
import { expect, test } from "@playwright/test";
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { selectAll, selectOne } from "css-select";
import type { AnyNode, Element } from "domhandler";
import { getAttributeValue, removeElement, textContent } from "domutils";
import { parseDocument } from "htmlparser2";
import { JSDOM } from "jsdom";
import { startChildServer } from "../../tools/childServer.ts";
import { machineDate } from "../../src/content/contract.ts";
import { detailPath, type RouteName } from "../../src/content/paths.ts";
import { routeTable } from "../../src/runtime/registry.ts";
import { listKinds, loadFixtures, type Json, type JsonObject } from "../../fixture-service/fixtures.ts";
import { e2eEnv } from "./env.ts";

const run = promisify(execFile);
const fixtures = loadFixtures("fixtures");
const text = (value: Json | undefined) => (typeof value === "string" ? value : "");

/** Every blog, case study and thought paper of the fixtures, with its item. */
const detailPages = (Object.keys(listKinds) as (keyof typeof listKinds)[]).flatMap((kind) =>
  fixtures.lists[kind].flatMap((item) => {
    const path = detailPath(listKinds[kind].detail satisfies RouteName, text(item.anchorlink));
    return path ? [{ kind, path, item }] : [];
  }),
);

/** Every fixture page that holds a video, at its address (the route table's, else the catch-all's). */
const videoPages = [...fixtures.pages.entries()].flatMap(([name, page]) => {
  const contents = Array.isArray(page.contents) ? page.contents : [];
  const videos = contents.filter((item): item is JsonObject => typeof item === "object" && item !== null && !Array.isArray(item) && item.type === 13 && text(item.video) !== "");
  if (videos.length === 0) return [];
  const route = routeTable.routes.find((entry) => entry.page?.toLowerCase() === name);
  return [{ path: route?.path ?? `/${text(page.name) || name}`, videos }];
});

interface Node {
  "@type": string;
  [property: string]: unknown;
}

/** GET, once more when a kept-alive connection was closed as it was reused (Node's "fetch failed" race; a GET is safe to repeat). */
async function get(url: string): Promise<Response> {
  try {
    return await fetch(url);
  } catch {
    return fetch(url);
  }
}

/** A served page: its structured data nodes, the text a visitor sees, and the addresses of its media. */
async function readPage(url: string) {
  const response = await get(url);
  expect(response.status, url).toBe(200);
  // htmlparser2 and css-select, as the link check reads pages: jsdom took most of a second a page.
  const document = parseDocument(await response.text());
  const all = (selector: string) => selectAll<AnyNode, Element>(selector, document);
  const attribute = (element: Element, name: string) => getAttributeValue(element, name) ?? "";
  const nodes = all('script[type="application/ld+json"]').flatMap((script) => {
    const data = JSON.parse(textContent(script)) as Node & { "@graph"?: Node[] };
    return data["@graph"] ?? [data];
  });
  const media = new Set(
    all("img[src], video[src], video[poster], track[src], [style]").flatMap((element) => [
      attribute(element, "src"),
      attribute(element, "poster"),
      ...[...attribute(element, "style").matchAll(/url\("?([^")]+)"?\)/g)].map((match) => match[1] ?? ""),
    ]),
  );
  const times = all("time[datetime]").map((time) => ({ datetime: attribute(time, "datetime"), text: textContent(time).trim() }));
  const canonical = selectOne<AnyNode, Element>('link[rel="canonical"]', document);
  const videos = all("video[src]").length;
  const body = selectOne<AnyNode, Element>("body", document);
  if (!body) throw new Error(`${url}: no body`);
  for (const hidden of selectAll<AnyNode, Element>("script, style, template, noscript", body)) removeElement(hidden);
  const visible = textContent(body).replace(/\s+/g, "");
  return { nodes, visible, media, times, canonical: canonical ? attribute(canonical, "href") : undefined, videos };
}

/** A value appears in what a visitor reads (white space aside: blocks put none between paragraphs). */
const shows = (visible: string, value: unknown) => typeof value === "string" && value.trim() !== "" && visible.includes(value.replace(/…$/, "").replace(/\s+/g, ""));
/** An absolute media address of the structured data is one the page itself loads. */
const loads = (media: Set<string>, url: unknown) => typeof url === "string" && media.has(new URL(url).pathname);

test.describe("structured data, against Google's rich-result properties", () => {
  test.setTimeout(180_000);

  // Article, BlogPosting: https://developers.google.com/search/docs/appearance/structured-data/article
  // ("There are no required properties"; recommended: author (with author.name), datePublished,
  // dateModified, headline, image). The site states every recommended one its content has (the
  // contract carries no modification date), and the fixture content has all the others.
  test("every blog, case study and thought paper is an article whose headline, description, author, picture and date are the page's own", async ({ baseURL }) => {
    expect(detailPages.length).toBeGreaterThan(50);
    for (const { kind, path, item } of detailPages) {
      const page = await readPage(`${baseURL}${path}`);
      const articles = page.nodes.filter((node) => node["@type"] === "BlogPosting" || node["@type"] === "Article");
      expect(articles, path).toHaveLength(1);
      const [article] = articles as [Node];
      expect(article["@type"], path).toBe(kind === "blogs" ? "BlogPosting" : "Article");
      expect(shows(page.visible, article.headline), `${path}: headline`).toBe(true);
      expect(shows(page.visible, article.description), `${path}: description`).toBe(true);
      expect(loads(page.media, article.image), `${path}: image ${String(article.image)}`).toBe(true);
      expect(article.datePublished, `${path}: datePublished`).toBe(machineDate(text(item.date)));
      if (kind !== "thoughtpapers") {
        // Blogs and case studies print the date: the same day, in a <time> that says it to machines.
        const time = page.times.find((entry) => machineDate(entry.datetime) === article.datePublished);
        expect(time && shows(page.visible, time.text), `${path}: the date is shown`).toBe(true);
      }
      if (kind === "blogs") expect(shows(page.visible, (article.author as { name?: unknown } | undefined)?.name), `${path}: author`).toBe(true);
      else expect(article.author, path).toBeUndefined();
      expect(article.publisher).toMatchObject({ "@type": "Organization", name: "Corvane Global Services" });
      expect(article.mainEntityOfPage).toEqual({ "@type": "WebPage", "@id": page.canonical });
    }
  });

  // VideoObject: https://developers.google.com/search/docs/appearance/structured-data/video
  // Required: name, thumbnailUrl, uploadDate. Recommended: contentUrl, description (and others
  // the content has no field for: duration, embedUrl, expires, interactionStatistic...).
  test("every video is a VideoObject with its name, poster, file, upload date and captions, as the page shows and loads them", async ({ baseURL }) => {
    expect(videoPages.length).toBeGreaterThan(5);
    for (const { path, videos } of videoPages) {
      const page = await readPage(`${baseURL}${path}`);
      const objects = page.nodes.filter((node) => node["@type"] === "VideoObject");
      expect(objects, path).toHaveLength(page.videos);
      expect(objects.length, path).toBe(videos.length);
      for (const video of objects) {
        const item = videos.find((entry) => text(entry.title) === video.name);
        expect(item, `${path}: ${String(video.name)}`).toBeDefined();
        expect(shows(page.visible, video.name), `${path}: name`).toBe(true);
        expect(loads(page.media, video.thumbnailUrl), `${path}: thumbnailUrl`).toBe(true);
        expect(video.uploadDate, `${path}: uploadDate`).toBe(machineDate(text(item?.date)));
        expect(loads(page.media, video.contentUrl), `${path}: contentUrl`).toBe(true);
        expect(loads(page.media, (video.caption as { contentUrl?: unknown } | undefined)?.contentUrl), `${path}: captions`).toBe(true);
        if (video.description !== undefined) expect(shows(page.visible, video.description), `${path}: description`).toBe(true);
      }
    }
  });

  test("the home page is the WebSite", async ({ baseURL }) => {
    const page = await readPage(`${baseURL}/Home`);
    expect(page.nodes.filter((node) => node["@type"] === "WebSite")).toEqual([expect.objectContaining({ name: "Corvane Global Services" })]);
    expect(page.nodes.some((node) => node["@type"] === "Organization")).toBe(true);
    const other = await readPage(`${baseURL}/about-us`);
    expect(other.nodes.some((node) => node["@type"] === "WebSite")).toBe(false);
  });
});

test("the sitemap dates every page whose content has a date, with that date", async ({ baseURL }) => {
  const xml = await (await get(`${baseURL}/sitemap.xml`)).text();
  const { document } = new JSDOM(xml, { contentType: "application/xml" }).window;
  const lastmod = new Map([...document.querySelectorAll("url")].map((url) => [new URL(url.querySelector("loc")?.textContent ?? "").pathname.toLowerCase(), url.querySelector("lastmod")?.textContent ?? null]));
  const dated = detailPages.filter(({ item }) => machineDate(text(item.date)) !== null);
  expect(dated.length).toBeGreaterThan(50);
  for (const { path, item } of dated) expect(lastmod.get(path.toLowerCase()), path).toBe(machineDate(text(item.date)));
  // Pages without a date of their own carry none.
  expect(lastmod.get("/about-us")).toBeNull();
});

/** A scratch copy of the fixtures with a broken link planted in the main menu and one in the About Us page's content HTML. */
function plantedFixtures(): string {
  const dir = mkdtempSync(join(tmpdir(), "corvane-links-"));
  cpSync("fixtures", dir, { recursive: true });
  const menus = JSON.parse(readFileSync(join(dir, "menus.json"), "utf8")) as { MenuGroupName: string; MenuList: unknown[] }[];
  menus.find((group) => group.MenuGroupName.endsWith("-Top"))?.MenuList.push({ MenuName: "Planted menu link", PageURL: "/planted-menu-page", SubMenu: null });
  writeFileSync(join(dir, "menus.json"), JSON.stringify(menus));
  const about = JSON.parse(readFileSync(join(dir, "pages", "About-Us.json"), "utf8")) as { longDesc: string };
  about.longDesc += '<p>See <a href="/blogs/planted-missing-post">the planted content link</a>.</p>';
  writeFileSync(join(dir, "pages", "About-Us.json"), JSON.stringify(about));
  return dir;
}

const checkLinksCli = (address: string) => run(process.execPath, ["--import", "tsx", "tools/check-links.ts", address], { timeout: 240_000 }).then(
  ({ stdout }) => ({ code: 0, stdout }),
  (error: unknown) => {
    const failed = error as { code?: unknown; stdout?: unknown };
    return { code: typeof failed.code === "number" ? failed.code : -1, stdout: typeof failed.stdout === "string" ? failed.stdout : "" };
  },
);

test.describe("npm run check:links", () => {
  test.setTimeout(300_000);

  test("finds no broken link on the fixture site", async ({ baseURL }) => {
    const { code, stdout } = await checkLinksCli(baseURL ?? "");
    expect(stdout).toMatch(/check:links: \d{2,} pages, \d+ internal links, 0 broken address/);
    expect(code).toBe(0);
  });

  test("finds the link planted in a menu and the one planted in content HTML, with the page and the place", async () => {
    const dir = plantedFixtures();
    const site = await startChildServer({ ...e2eEnv, FIXTURES_DIR: dir, PORT: "4461", LEADS_DB: ":memory:", SITE_URL: "https://www.corvane.example" });
    try {
      const { code, stdout } = await checkLinksCli(site.url);
      expect(code).toBe(1);
      expect(stdout).toContain("broken: /planted-menu-page");
      // The header is on every page: the link is listed once, with the pages it is on.
      expect(stdout).toMatch(/"Planted menu link" \(href="\/planted-menu-page"\) in header › navigation "Main", on [^\n]+ and \d{2,} more pages\n/);
      expect(stdout).toContain("broken: /blogs/planted-missing-post: no such page (404)");
      expect(stdout).toMatch(/"the planted content link" \(href="\/blogs\/planted-missing-post"\) in section[^\n]*\(slot long-description\), on \/about-us\n/);
      expect(stdout).toMatch(/, 2 broken address/);
    } finally {
      await site.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
