/**
 * The production server and the export, against the built dist/: statuses a crawler can trust,
 * the content cache, /api forwarded to another content service, and the exported site.
 */
import { expect, test } from "@playwright/test";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import sirv from "sirv";
import { exportSite } from "../../tools/exportSite.ts";
import { type SiteServer } from "../../src/server/siteServer.ts";
import { startSiteOnFixtures } from "../siteOnFixtures.ts";
import { otherService, type OtherService, type Received } from "./otherService.ts";

const pageCalls = (received: Received[], name: string) => received.filter((r) => r.path === "/api/page/get" && r.body.toString() === JSON.stringify(name)).length;

test.describe("the production server on another content service", () => {
  let upstream: OtherService;
  let site: SiteServer;

  test.beforeEach(async () => {
    upstream = await otherService();
    site = await startSiteOnFixtures({ env: { ...process.env, CONTENT_API_BASE: upstream.url, SITE_URL: "https://www.corvane.example", CONTENT_CACHE_SECONDS: "60" } });
  });
  test.afterEach(async () => {
    await site.close();
    await upstream.close();
  });

  test("answers with statuses a crawler can trust", async ({ request }) => {
    const home = await request.get(`${site.url}/`, { maxRedirects: 0 });
    expect(home.status()).toBe(301);
    expect(home.headers().location).toBe("/Home");
    const gone = await request.get(`${site.url}/no-such-page-anywhere`, { maxRedirects: 0 });
    expect(gone.status()).toBe(302);
    expect(gone.headers().location).toBe("/");
    const missing = await request.get(`${site.url}/blogs/no-such-post`);
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain("This page could not be found");
    const page = await request.get(`${site.url}/Home`);
    expect(page.status()).toBe(200);
    expect(page.headers()["cdn-cache-control"]).toMatch(/^max-age=\d+, stale-while-revalidate=\d+, stale-if-error=\d+$/);
    expect(await page.text()).toContain('<link rel="canonical" href="https://www.corvane.example/Home" />');
    // Browsers and crawlers ask for /favicon.ico whatever the page names: the icon, not a redirect home.
    const icon = await request.get(`${site.url}/favicon.ico`, { maxRedirects: 0 });
    expect(icon.status()).toBe(200);
    expect(icon.headers()["content-type"]).toMatch(/^image\/(vnd\.microsoft\.icon|x-icon)$/);
    expect([...(await icon.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  });

  test("reads a page from the content service once, however often it is asked", async ({ request }) => {
    await Promise.all(Array.from({ length: 5 }, () => request.get(`${site.url}/about-us`)));
    expect(pageCalls(upstream.received, "About-Us")).toBe(1);
    const again = await request.get(`${site.url}/about-us`);
    expect(again.status()).toBe(200);
    expect(pageCalls(upstream.received, "About-Us")).toBe(1);
  });

  test("serves the last good copy when the service fails, and 503 with Retry-After when there is none", async ({ request }) => {
    await site.close();
    site = await startSiteOnFixtures({ env: { ...process.env, CONTENT_API_BASE: upstream.url, CONTENT_CACHE_SECONDS: "0", CONTENT_STALE_SECONDS: "0" } });
    expect((await request.get(`${site.url}/People`)).status()).toBe(200);
    upstream.state.failing = true;
    const copy = await request.get(`${site.url}/People`);
    expect(copy.status()).toBe(200);
    expect(await copy.text()).toContain("<h1");
    const none = await request.get(`${site.url}/Experience`);
    expect(none.status()).toBe(503);
    expect(none.headers()["retry-after"]).toBeTruthy();
    expect(await none.text()).toContain("This page could not be loaded");
  });

  test("forwards a multipart contact request unchanged and hands back the service's answer", async ({ request }) => {
    const answer = await request.post(`${site.url}/api/contactus/create`, {
      multipart: { name: "Ada Lovelace", Organisation: "Analytical Engines", email: "ada@engines.example", contactNumber: "4045550142", message: "Hello", token: "local-test-token" },
    });
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toContain("application/json");
    const forwarded = upstream.received.find((r) => r.path === "/api/contactus/create");
    expect(forwarded?.method).toBe("POST");
    expect(forwarded?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const body = forwarded?.body.toString() ?? "";
    for (const value of ["Ada Lovelace", "Analytical Engines", "ada@engines.example", "4045550142", "local-test-token"]) expect(body).toContain(value);
  });

  test("refuses a forwarded body larger than its call takes, before sending it on", async ({ request }) => {
    const answer = await request.post(`${site.url}/api/page/get`, { data: JSON.stringify("x".repeat(64 * 1024)), headers: { "Content-Type": "application/json" } });
    expect(answer.status()).toBe(413);
    expect(upstream.received.some((r) => r.body.length > 60_000)).toBe(false);
  });
});

test.describe("npm run export", () => {
  let dist: string;
  test.beforeEach(() => {
    // Inside the project, so the server build finds its packages (node_modules) as it does in dist/.
    mkdirSync("test-results", { recursive: true });
    dist = join(mkdtempSync(join("test-results", "export-")), "dist");
    cpSync("dist", dist, { recursive: true });
  });
  test.afterEach(() => rmSync(join(dist, ".."), { recursive: true, force: true }));

  test("writes every address as a page, a sitemap of absolute addresses and robots.txt; a static host serves them", async ({ browser }) => {
    // The whole site rendered and written, then read back in Chromium: past 3 minutes on a loaded 2-core machine.
    test.setTimeout(300_000);
    const report = await exportSite({ distDir: dist, env: { ...process.env, CONTENT_API_BASE: "", SITE_URL: "https://www.corvane.example", LEADS_DB: ":memory:" }, log: () => undefined });
    expect(report.failed).toEqual([]);
    const [blog] = fixtureItems("blogs");
    for (const path of ["/Home", "/about-us", "/blogs", `/blogs${blog ?? ""}`, "/Smart-work-solutions/operations-transformation/utilities"]) {
      expect(existsSync(join(dist, ...path.split("/").filter(Boolean), "index.html")), path).toBe(true);
    }
    const sitemap = readFileSync(join(dist, "sitemap.xml"), "utf8");
    const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? "");
    expect(locations).toHaveLength(report.written.length);
    expect(locations.every((loc) => loc.startsWith("https://www.corvane.example/"))).toBe(true);
    for (const kind of ["blogs", "casestudies", "thoughtpapers"] as const) {
      for (const anchor of fixtureItems(kind)) expect(locations.map((loc) => loc.toLowerCase())).toContain(`https://www.corvane.example/${kind}${anchor}`.toLowerCase());
    }
    expect(readFileSync(join(dist, "robots.txt"), "utf8")).toContain("Sitemap: https://www.corvane.example/sitemap.xml");

    // A static host: <path>/index.html, then index.html.
    const files = sirv(dist, { single: true });
    const host = createServer((req, res) => files(req, res));
    await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
    try {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${(host.address() as AddressInfo).port}/Smart-work-solutions/operations-transformation/utilities/`);
      await expect(page.locator("main h1")).toBeVisible();
      await expect(page.locator("main [data-slot]").first()).toBeVisible();
      await context.close();
    } finally {
      await new Promise<void>((resolve) => host.close(() => resolve()));
    }
  });

  test("leaves dist/ as it was when the content service fails, and says why", async () => {
    writeFileSync(join(dist, "marker.txt"), "before");
    const report = await exportSite({ distDir: dist, env: { ...process.env, CONTENT_API_BASE: "http://127.0.0.1:9" }, log: () => undefined });
    expect(report.failed.length).toBeGreaterThan(0);
    expect(report.failed[0]?.why).toBeTruthy();
    expect(readFileSync(join(dist, "marker.txt"), "utf8")).toBe("before");
    expect(existsSync(join(dist, "Home", "index.html"))).toBe(false);
    expect(existsSync(join(dist, "sitemap.xml"))).toBe(false);
  });
});

function fixtureItems(kind: "blogs" | "casestudies" | "thoughtpapers"): string[] {
  return (JSON.parse(readFileSync(`fixtures/content/${kind}.json`, "utf8")) as { anchorlink: string }[]).map((item) => item.anchorlink);
}
