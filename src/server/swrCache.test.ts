import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { pageBytes } from "./pageCache.ts";
import { createSwrCache } from "./swrCache.ts";

type Page = { status: number; html: string };

/** A cache of pages made by `render`, counting its renders, on a clock the test turns. */
function pagesOf(options: { freshMs: number; staleMs: number; maxEntries?: number; keep?: (page: Page) => boolean }, clock = { now: 0 }) {
  let renders = 0;
  const cache = createSwrCache<Page>({
    freshMs: options.freshMs,
    staleMs: options.staleMs,
    ...(options.maxEntries ? { max: options.maxEntries } : {}),
    keep: options.keep ?? ((page) => page.status !== 503),
    now: () => clock.now,
    load: () => Promise.resolve({ status: 200, html: `render ${++renders}` }),
  });
  return { cache, clock };
}

describe("the one caching rule (pages and content answers)", () => {
  it("says how each answer was made, for the request log and /metrics: a miss, then hits, then stale while it is made again, then a miss past the stale window", async () => {
    const { cache, clock } = pagesOf({ freshMs: 10, staleMs: 100 });
    expect(await cache.lookup("/a")).toEqual({ value: { status: 200, html: "render 1" }, cache: "miss" });
    expect((await cache.lookup("/a")).cache).toBe("hit");
    clock.now = 50;
    expect(await cache.lookup("/a")).toEqual({ value: { status: 200, html: "render 1" }, cache: "stale" });
    await vi.waitFor(async () => expect(await cache.lookup("/a")).toEqual({ value: { status: 200, html: "render 2" }, cache: "hit" }));
    clock.now = 1000;
    expect(await cache.lookup("/a")).toEqual({ value: { status: 200, html: "render 3" }, cache: "miss" });
  });

  it("renders a page once for any number of visitors while it is fresh", async () => {
    const { cache, clock } = pagesOf({ freshMs: 1000, staleMs: 0 });
    const pages = await Promise.all(Array.from({ length: 10 }, () => cache.get("/Home")));
    expect(new Set(pages.map((page) => page.html))).toEqual(new Set(["render 1"]));
    clock.now = 1000;
    expect((await cache.get("/Home")).html).toBe("render 1");
    clock.now = 1001;
    expect((await cache.get("/Home")).html).toBe("render 2");
    expect(cache.loads()).toBe(2);
  });

  it("serves a stale page at once and renders it again behind it", async () => {
    const { cache, clock } = pagesOf({ freshMs: 10, staleMs: 1000 });
    await cache.get("/a");
    clock.now = 500;
    expect((await cache.get("/a")).html).toBe("render 1");
    await vi.waitFor(async () => expect((await cache.get("/a")).html).toBe("render 2"));
    expect(cache.loads()).toBe(2);
  });

  it("forgets everything on dropAllHere, a failure it holds included (npm run dev after a change)", async () => {
    const clock = { now: 0 };
    let failing = true;
    const cache = createSwrCache<Page>({
      freshMs: 60_000,
      staleMs: 60_000,
      now: () => clock.now,
      // A load that fails after hanging (the clock turned past a second) is held, and answered at once for a while.
      load: (key) => {
        if (key === "/broken" && failing) {
          clock.now += 2_000;
          return Promise.reject(new Error("layout problems"));
        }
        return Promise.resolve({ status: 200, html: key });
      },
    });
    await cache.get("/a");
    await expect(cache.get("/broken")).rejects.toThrow("layout problems");
    failing = false;
    await expect(cache.get("/broken")).rejects.toThrow("layout problems");
    cache.dropAllHere();
    expect(cache.entries()).toEqual([]);
    expect((await cache.get("/broken")).html).toBe("/broken");
  });

  it("never keeps a retry screen", async () => {
    let renders = 0;
    const cache = createSwrCache<Page>({ freshMs: 60_000, staleMs: 60_000, keep: (page) => page.status !== 503, load: () => Promise.resolve({ status: ++renders === 1 ? 503 : 200, html: "" }) });
    expect((await cache.get("/a")).status).toBe(503);
    expect((await cache.get("/a")).status).toBe(200);
    expect((await cache.get("/a")).status).toBe(200);
    expect(cache.loads()).toBe(2);
  });

  it("keeps at most maxEntries pages, dropping the least recently used", async () => {
    const { cache } = pagesOf({ freshMs: 60_000, staleMs: 0, maxEntries: 2 });
    await cache.get("/a");
    await cache.get("/b");
    await cache.get("/a");
    await cache.get("/c");
    expect(cache.loads()).toBe(3);
    await cache.get("/a");
    expect(cache.loads()).toBe(3);
    await cache.get("/b");
    expect(cache.loads()).toBe(4);
  });

  it("forgets dropped keys, so the next visitor gets the page rendered anew", async () => {
    const { cache } = pagesOf({ freshMs: 60_000, staleMs: 60_000 });
    await cache.get("/a");
    await cache.get("/b");
    cache.dropHere(["/a"]);
    expect(cache.entries().map(([key]) => key)).toEqual(["/b"]);
    expect((await cache.get("/a")).html).toBe("render 3");
  });
});

describe("a cached page is bytes", () => {
  it("keeps the HTML with its brotli and gzip bodies and an ETag that changes with the page", async () => {
    const html = `<!doctype html><p>${"Corvane ".repeat(2000)}</p>`;
    const page = await pageBytes({ kind: "page", status: 200, html }, ["/api/page/get\n\"Home\""]);
    expect(brotliDecompressSync(page.br).toString()).toBe(html);
    expect(gunzipSync(page.gzip).toString()).toBe(html);
    expect(page.br.byteLength).toBeLessThan(html.length / 20);
    expect(page.etag).toMatch(/^W\/"[\w-]{20,}"$/);
    expect((await pageBytes({ kind: "page", status: 200, html }, [])).etag).toBe(page.etag);
    expect((await pageBytes({ kind: "page", status: 200, html: `${html} ` }, [])).etag).not.toBe(page.etag);
    expect(page.deps).toEqual(["/api/page/get\n\"Home\""]);
  });
});
