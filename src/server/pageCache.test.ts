import { describe, expect, it } from "vitest";
import { createPageCache } from "./pageCache.ts";

type Page = { status: number; html: string };

describe("page cache", () => {
  it("renders a page once for any number of visitors while it is fresh", async () => {
    let now = 0;
    let renders = 0;
    const cache = createPageCache<Page>({ freshMs: 1000, staleMs: 0, keep: (page) => page.status !== 503, now: () => now });
    const render = () => Promise.resolve({ status: 200, html: `render ${++renders}` });
    const pages = await Promise.all(Array.from({ length: 10 }, () => cache.get("/Home", render)));
    expect(new Set(pages.map((page) => page.html))).toEqual(new Set(["render 1"]));
    now = 1000;
    expect((await cache.get("/Home", render)).html).toBe("render 1");
    now = 1001;
    expect((await cache.get("/Home", render)).html).toBe("render 2");
    expect(cache.renders()).toBe(2);
  });

  it("serves a stale page at once and renders it again behind it", async () => {
    let now = 0;
    let renders = 0;
    const cache = createPageCache<Page>({ freshMs: 10, staleMs: 1000, keep: () => true, now: () => now });
    const render = () => Promise.resolve({ status: 200, html: `render ${++renders}` });
    await cache.get("/a", render);
    now = 500;
    expect((await cache.get("/a", render)).html).toBe("render 1");
    await Promise.resolve();
    expect((await cache.get("/a", render)).html).toBe("render 2");
  });

  it("never keeps a retry screen", async () => {
    let renders = 0;
    const cache = createPageCache<Page>({ freshMs: 60_000, staleMs: 0, keep: (page) => page.status !== 503 });
    const render = () => Promise.resolve({ status: ++renders === 1 ? 503 : 200, html: "" });
    expect((await cache.get("/a", render)).status).toBe(503);
    expect((await cache.get("/a", render)).status).toBe(200);
    expect((await cache.get("/a", render)).status).toBe(200);
    expect(cache.renders()).toBe(2);
  });

  it("keeps at most maxEntries pages, dropping the least recently used", async () => {
    let renders = 0;
    const cache = createPageCache<Page>({ freshMs: 60_000, staleMs: 0, keep: () => true, maxEntries: 2 });
    const render = () => Promise.resolve({ status: 200, html: String(++renders) });
    await cache.get("/a", render);
    await cache.get("/b", render);
    await cache.get("/a", render);
    await cache.get("/c", render);
    expect(cache.renders()).toBe(3);
    await cache.get("/a", render);
    expect(cache.renders()).toBe(3);
    await cache.get("/b", render);
    expect(cache.renders()).toBe(4);
  });
});
