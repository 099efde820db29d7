/**
 * Content media of a content service on another origin, whose media addresses are
 * root-relative (CONTENT-API 1, "Media addresses"; docs/media.md): every picture, caption file
 * and thought-paper document loads on the served site (through /_media/), the exported site
 * (copied into dist/_media/) and the plain single-page build (from the service's origin).
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { promisify } from "node:util";
import sirv from "sirv";
import { exportSite } from "../../tools/exportSite.ts";
import { forwardTo } from "../../src/server/forward.ts";
import { startSiteOnFixtures } from "../siteOnFixtures.ts";
import { e2eEnv, e2ePort } from "./env.ts";
import { fixtureList, plain } from "./fixtures.ts";
import { waitForBlocks } from "./helpers.ts";
import { otherService, type OtherService } from "./otherService.ts";

const [blog] = fixtureList("blogs");
const paper = fixtureList("thoughtpapers").find((item) => item.documentPath);
if (!blog || !paper) throw new Error("the fixtures have no blog or no thought paper with a document");
/** Pictures of every kind of block, a blog's, the video with captions, a thought paper's. */
const addresses = ["/Home", `/blogs${blog.anchorlink}`, "/Experience", `/thoughtPapers${paper.anchorlink}`];

const run = promisify(execFile);

/** A static host: <path>/index.html, then index.html; /api routed to the content service, as a deployment routes it. */
async function staticHost(dist: string, apiBase: string | null): Promise<{ url: string; close: () => Promise<void> }> {
  const files = sirv(dist, { single: true });
  const api = apiBase ? forwardTo(apiBase, { timeoutMs: 10_000 }) : null;
  const host: Server = createServer((req, res) => {
    if (!api || !(req.url ?? "").startsWith("/api/")) {
      files(req, res);
      return;
    }
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = new Headers({ "Content-Type": req.headers["content-type"] ?? "application/json" });
      const body = req.method === "POST" ? { body: new Uint8Array(Buffer.concat(chunks)) } : {};
      const answer = await api(new Request(new URL(req.url ?? "/", "http://host.invalid"), { method: req.method ?? "GET", headers, ...body }), { clientAddress: "127.0.0.1" });
      if (!answer) return void res.writeHead(404).end();
      res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(Buffer.from(await answer.arrayBuffer()));
    })();
  });
  await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
  return { url: `http://localhost:${String((host.address() as AddressInfo).port)}`, close: () => new Promise((resolve) => host.close(() => resolve())) };
}

/**
 * Opens each address and checks every media file it uses loads: each picture decoded (lazy
 * ones made eager), every video's poster, source and captions answered with their type, and no
 * media request failing. `mediaFrom` is where media must come from.
 */
async function expectEveryMediaFileLoads(page: Page, siteUrl: string, mediaFrom: string) {
  const failed: string[] = [];
  page.on("response", (response) => {
    const { pathname } = new URL(response.url());
    if (/\.(?:jpe?g|png|webp|avif|svg|vtt|webm|mp4|pdf)$/i.test(pathname) && response.status() >= 400) failed.push(`${String(response.status())} ${response.url()}`);
  });
  let captions = 0;
  for (const address of addresses) {
    await page.goto(`${siteUrl}${address}`);
    await waitForBlocks(page);
    const pictures = await page.locator("img").evaluateAll((images) => images.map((image) => image.getAttribute("src") ?? ""));
    expect(pictures.filter((src) => src.includes("/media/")).length, `${address} has content pictures`).toBeGreaterThan(0);
    await page.locator("img").evaluateAll((images) => {
      for (const image of images as HTMLImageElement[]) image.loading = "eager";
    });
    await expect
      .poll(() => page.locator("img").evaluateAll((images) => (images as HTMLImageElement[]).filter((image) => !(image.complete && image.naturalWidth > 0)).map((image) => image.currentSrc || image.src)), { message: address })
      .toEqual([]);
    const used = await page.locator("img").evaluateAll((images) => (images as HTMLImageElement[]).map((image) => image.currentSrc));
    for (const url of used.filter((src) => src.includes("/media/"))) expect(url.startsWith(mediaFrom), url).toBe(true);

    // Videos (a popup's once it is open): poster, source and captions.
    const popup = page.locator(".video-popups button").first();
    if ((await popup.count()) > 0) await popup.click();
    const files = await page.locator("video").evaluateAll((videos) =>
      (videos as HTMLVideoElement[]).flatMap((video) => [video.poster, video.src, ...[...video.querySelectorAll("track")].map((track) => track.src)].filter(Boolean)),
    );
    for (const url of files) {
      const answer = await page.request.get(url);
      expect(answer.status(), url).toBe(200);
      expect(url.startsWith(mediaFrom), url).toBe(true);
      if (url.endsWith(".vtt")) {
        captions += 1;
        expect(answer.headers()["content-type"]).toContain("text/vtt");
        expect((await answer.text()).startsWith("WEBVTT")).toBe(true);
      }
    }
    // The captions track loads in the page itself once shown (a cross-origin one needs CORS): LOADED, not ERROR.
    await page.locator("video").evaluateAll((videos) => {
      for (const video of videos as HTMLVideoElement[]) for (const track of video.textTracks) track.mode = "showing";
    });
    await expect.poll(() => page.locator("track").evaluateAll((tracks) => (tracks as HTMLTrackElement[]).filter((track) => track.readyState !== 2).map((track) => track.src))).toEqual([]);
  }
  expect(captions, "a video with captions was checked").toBeGreaterThan(0);
  expect(failed).toEqual([]);
}

/** The thought paper downloads: its PDF comes back through the site's content calls. */
async function expectThoughtPaperDownloads(page: Page, siteUrl: string) {
  await page.goto(`${siteUrl}/thoughtPapers${paper?.anchorlink ?? ""}`);
  await waitForBlocks(page);
  await page.getByRole("button", { name: "Download Thought Paper" }).click();
  const dialog = page.getByRole("dialog", { name: "Download the thought paper" });
  await dialog.getByRole("textbox", { name: "Full Name" }).fill("Grace Hopper");
  await dialog.getByRole("textbox", { name: "Organization" }).fill("Compilers & Co");
  await dialog.getByRole("textbox", { name: "Official Email" }).fill(`grace.${String(Date.now())}@compilers.example`);
  await dialog.getByRole("textbox", { name: "Contact Number" }).pressSequentially("2125550163");
  await dialog.getByRole("checkbox", { name: "I'm not a robot" }).check();
  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Download", exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${plain(paper?.title ?? "")}.pdf`);
  expect(readFileSync(await file.path()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
}

async function withPage(browser: Browser, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext();
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test.describe("media of a content service on another origin", () => {
  test.describe.configure({ mode: "serial" });
  let upstream: OtherService;
  test.afterEach(async () => {
    await upstream.close();
  });

  test("load on the served site, through its own /_media/", async ({ browser }) => {
    test.setTimeout(120_000);
    upstream = await otherService();
    const site = await startSiteOnFixtures({ env: { ...process.env, ...e2eEnv, PORT: "0", CONTENT_API_BASE: upstream.url } });
    try {
      // Before: the browser asked the site for /media/..., which answered a redirect to /.
      const old = await fetch(`${site.url}/media/card-operations.svg`, { redirect: "manual" });
      expect(old.status).not.toBe(200);
      await withPage(browser, async (page) => {
        const elsewhere: string[] = [];
        page.on("request", (request) => {
          if (request.url().startsWith(upstream.url)) elsewhere.push(request.url());
        });
        await expectEveryMediaFileLoads(page, site.url, `${site.url}/_media/media/`);
        await expectThoughtPaperDownloads(page, site.url);
        // The browser only ever talks to the site; the content service is the server's business.
        expect(elsewhere).toEqual([]);
      });
      const svg = await fetch(`${site.url}/_media/media/card-operations.svg`);
      expect(svg.headers.get("content-security-policy")).toContain("sandbox");
      expect(svg.headers.get("cache-control")).toMatch(/max-age=\d+/);
    } finally {
      await site.close();
    }
  });

  test("load on the exported site, copied into it", async ({ browser }) => {
    // The whole site is exported and its links checked: minutes on a busy two-core machine (docs/media.md).
    test.setTimeout(600_000);
    upstream = await otherService();
    mkdirSync("test-results", { recursive: true });
    const dist = join(mkdtempSync(join("test-results", "export-media-")), "dist");
    cpSync("dist", dist, { recursive: true });
    try {
      const report = await exportSite({ distDir: dist, env: { ...process.env, CONTENT_API_BASE: upstream.url, LEADS_DB: ":memory:" }, log: () => undefined });
      expect(report.failed).toEqual([]);
      expect(report.written.map((address) => address.toLowerCase())).toEqual(expect.arrayContaining(addresses.map((address) => address.toLowerCase())));
      expect(existsSync(join(dist, "_media", "media", "corvane-showreel.en.vtt"))).toBe(true);
      expect(existsSync(join(dist, "_media", ...(paper.documentPath ?? "").split("/").filter(Boolean)))).toBe(true);
      const host = await staticHost(dist, upstream.url);
      try {
        const mediaAsked = upstream.received.filter((r) => r.path.startsWith("/media/")).length;
        await withPage(browser, async (page) => {
          await expectEveryMediaFileLoads(page, host.url, `${host.url}/_media/media/`);
          await expectThoughtPaperDownloads(page, host.url);
        });
        // Every media file came from the export's copies.
        expect(upstream.received.filter((r) => r.path.startsWith("/media/")).length).toBe(mediaAsked);
      } finally {
        await host.close();
      }
    } finally {
      rmSync(join(dist, ".."), { recursive: true, force: true });
    }
  });

  test("load on the single-page build, from the service's origin", async ({ browser }) => {
    test.setTimeout(240_000);
    // The build names the service's address: it listens on a port of its own, next to the site's.
    const servicePort = e2ePort + 1;
    upstream = await otherService({}, { port: servicePort, cors: true });
    mkdirSync("test-results", { recursive: true });
    const outDir = join(mkdtempSync(join("test-results", "spa-")), "dist");
    try {
      await run("npx", ["vite", "build", "--mode", "e2e", "--outDir", outDir, "--emptyOutDir"], { env: { ...process.env, VITE_CONTENT_API_BASE: upstream.url, VITE_LOADING_DELAY_MS: "0" } });
      const host = await staticHost(outDir, null);
      try {
        await withPage(browser, async (page) => {
          await expectEveryMediaFileLoads(page, host.url, `${upstream.url}/media/`);
          await expectThoughtPaperDownloads(page, host.url);
        });
      } finally {
        await host.close();
      }
    } finally {
      rmSync(join(outDir, ".."), { recursive: true, force: true });
    }
  });
});

test.describe("photographs on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 });

  test("downloads at most a tenth of the hero's original bytes, in a modern format, with no layout shift", async ({ page }) => {
    test.setTimeout(180_000);
    const original = readFileSync("fixtures/media/photo-hero.jpg").length;
    const hero: { url: string; bytes: number; type: string }[] = [];
    page.on("response", (response) => {
      if (!response.url().includes("photo-hero.jpg")) return;
      void response.body().then(
        (body) => hero.push({ url: response.url(), bytes: body.length, type: response.headers()["content-type"] ?? "" }),
        () => undefined,
      );
    });
    await page.goto("/photographs");
    await waitForBlocks(page);
    await expect.poll(() => page.locator(".hero__image").evaluate((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0), { timeout: 60_000 }).toBe(true);
    await expect.poll(() => hero.length).toBeGreaterThan(0);
    const bytes = hero.reduce((sum, file) => sum + file.bytes, 0);
    expect(hero.map((file) => file.type)).not.toContain("image/jpeg");
    expect(bytes, JSON.stringify(hero)).toBeLessThanOrEqual(original / 10);
    // The picture's box is reserved before it loads.
    expect(await page.locator(".hero__image").evaluate((image) => getComputedStyle(image).aspectRatio)).not.toBe("auto");
  });

  test("a photograph shown as a background comes as the copy for the screen's width, in a modern format, never the original", async ({ page }) => {
    // The page's fixed image (a band under its hero) is a photograph: src/ui/media.ts backgroundStyle, src/styles/global.css.
    const asked: string[] = [];
    page.on("response", (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.includes("photo-6.jpg") && response.ok()) asked.push(`${pathname} ${response.headers()["content-type"] ?? ""}`);
    });
    await page.goto("/photographs");
    await waitForBlocks(page);
    await expect.poll(() => asked).toContain("/_media/media/photo-6.jpg.768w.avif image/avif");
    // A wider screen takes the wide copy.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => asked).toContain("/_media/media/photo-6.jpg.1920w.avif image/avif");
    expect(asked.filter((file) => file.startsWith("/_media/media/photo-6.jpg "))).toEqual([]);
  });
});
