// @vitest-environment node
/**
 * The export's link check and sitemap dates, and the production server on the same folder afterwards, over a throw-away build whose renderer answers a
 * small site (what the real renderer answers is the e2e suite's: tests/e2e/seo.spec.ts).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { exportSite } from "./exportSite.ts";
import { openSiteOverExports } from "../tests/serverFaults.ts";
import { fixtureContentService } from "../fixture-service/fromEnv.ts";
import { startSiteServer } from "../src/server/siteServer.ts";

const page = (links: string[]) => `<!doctype html><html><body><header><nav aria-label="Main">${links.map((href) => `<a href="${href}">to ${href}</a>`).join("")}</nav></header></body></html>`;

/** A dist/ whose renderer knows /Home (linking to a good page, a gone one and a missing detail page) and /about-us. */
function smallBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), "corvane-export-"));
  mkdirSync(join(dir, "server"));
  mkdirSync(join(dir, ".vite"));
  writeFileSync(join(dir, ".vite", "manifest.json"), "{}");
  writeFileSync(join(dir, "index.html"), "<!doctype html><html><body><div id=\"root\"></div></body></html>");
  mkdirSync(join(dir, "images"));
  writeFileSync(join(dir, "images", "logo.png"), "png");
  const pages = { "/Home": page(["/about-us", "/gone", "/blogs/missing", "/images/logo.png", "https://other.example/"]), "/about-us": page(["/Home"]) };
  writeFileSync(
    join(dir, "server", "entry-server.js"),
    [
      `const pages = ${JSON.stringify(pages)};`,
      "export async function renderDocument(request) {",
      "  const address = new URL(request.url).pathname;",
      "  if (pages[address]) return { kind: 'page', status: 200, html: pages[address] };",
      "  if (address.startsWith('/blogs/')) return { kind: 'page', status: 404, html: 'not found' };",
      "  return { kind: 'redirect', status: 302, location: '/' };",
      "}",
      "export async function listAddresses() { return [{ path: '/Home', lastmod: '2026-03-14' }, '/about-us']; }",
      "export function sitemapFiles(addresses) { return new Map([['sitemap.xml', JSON.stringify(addresses)]]); }",
      "export function robotsTxt(siteUrl) { return `User-agent: *\nSitemap: ${siteUrl}/sitemap.xml`; }",
      openSiteOverExports,
    ].join("\n"),
  );
  return dir;
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("npm run export", () => {
  const env = { SITE_URL: "https://www.site.example", CONTENT_API_BASE: "" };

  it("reports each link of its pages that leads to no page, and still writes the site; the sitemap keeps the content's dates", async () => {
    const dist = smallBuild();
    dirs.push(dist);
    const report = await exportSite({ distDir: dist, env, log: () => undefined });
    expect(report.failed).toEqual([]);
    expect(report.brokenLinks.map(({ target, why, from }) => ({ target, why, from: from.map(({ page, where }) => `${page}: ${where}`) }))).toEqual([
      { target: "/blogs/missing", why: "no such page (404)", from: ['/Home: header › navigation "Main"'] },
      { target: "/gone", why: expect.stringContaining("id 0") as unknown, from: ['/Home: header › navigation "Main"'] },
    ]);
    expect(existsSync(join(dist, "Home", "index.html"))).toBe(true);
    expect(JSON.parse(readFileSync(join(dist, "sitemap.xml"), "utf8"))).toEqual([{ path: "/Home", lastmod: "2026-03-14" }, { path: "/about-us" }]);
  });

  it("with strict, fails on a broken link and leaves the folder as it was", async () => {
    const dist = smallBuild();
    dirs.push(dist);
    const report = await exportSite({ distDir: dist, env, strict: true, log: () => undefined });
    expect(report.failed).toEqual([{ address: "(internal links)", why: "2 address(es) linked from the site have no page" }]);
    expect(report.brokenLinks).toHaveLength(2);
    expect(existsSync(join(dist, "Home"))).toBe(false);
    expect(existsSync(join(dist, "sitemap.xml"))).toBe(false);
  });

  it("leaves a dist/ the production server starts on: it answers robots.txt and pages itself, for its own site address, and the build's files as before", async () => {
    const dist = smallBuild();
    dirs.push(dist);
    expect((await exportSite({ distDir: dist, env, log: () => undefined })).failed).toEqual([]);
    expect(readFileSync(join(dist, "robots.txt"), "utf8")).toContain("https://www.site.example/sitemap.xml");
    const site = await startSiteServer({ distDir: dist, env: { SITE_URL: "https://live.site.example", CONTENT_API_BASE: "" }, contentService: fixtureContentService({ LEADS_DB: ":memory:" }) });
    try {
      const robots = await fetch(`${site.url}/robots.txt`);
      expect(await robots.text()).toBe("User-agent: *\nSitemap: https://live.site.example/sitemap.xml");
      const home = await fetch(`${site.url}/Home`);
      expect([home.status, await home.text()]).toEqual([200, page(["/about-us", "/gone", "/blogs/missing", "/images/logo.png", "https://other.example/"])]);
      const logo = await fetch(`${site.url}/images/logo.png`);
      expect([logo.status, await logo.text()]).toEqual([200, "png"]);
    } finally {
      await site.close();
    }
  });

  it("writes the editors' redirects where static hosts read them, a small page at each moved address, and leaves those addresses out of the sitemap", async () => {
    const dist = smallBuild();
    const fixtures = mkdtempSync(join(tmpdir(), "corvane-export-fixtures-"));
    dirs.push(dist, fixtures);
    writeFileSync(
      join(fixtures, "redirects.json"),
      JSON.stringify([
        { from: "/about-us", to: "/Home", status: 301 },
        { from: "/old/news", to: "https://news.example/?a=1&b=2", status: 302 },
        { from: "/loop", to: "/loop/", status: 301 },
      ]),
    );
    const report = await exportSite({ distDir: dist, env: { ...env, FIXTURES_DIR: fixtures }, log: () => undefined });
    expect(report.failed).toEqual([]);
    expect(report.redirects.map(({ from }) => from)).toEqual(["/about-us", "/old/news"]);
    expect(report.skipped).toEqual([{ address: '(redirect {"from":"/loop","to":"/loop/","status":301})', why: "it redirects to itself" }]);
    expect(readFileSync(join(dist, "_redirects"), "utf8")).toBe("/about-us /Home 301\n/old/news https://news.example/?a=1&b=2 302\n");
    const moved = readFileSync(join(dist, "about-us", "index.html"), "utf8");
    expect(moved).toContain('<link rel="canonical" href="https://www.site.example/Home">');
    expect(moved).toContain('<meta http-equiv="refresh" content="0; url=https://www.site.example/Home">');
    expect(moved).toContain('<a href="https://www.site.example/Home">');
    expect(readFileSync(join(dist, "old", "news", "index.html"), "utf8")).toContain('href="https://news.example/?a=1&amp;b=2"');
    expect(JSON.parse(readFileSync(join(dist, "sitemap.xml"), "utf8"))).toEqual([{ path: "/Home", lastmod: "2026-03-14" }]);
  });
});
