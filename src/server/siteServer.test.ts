// @vitest-environment node
/**
 * The production server alone (no Redis): pages sent as the bytes they are kept as, the
 * retry screen never kept, revalidation in one process, and the build's own files kept private.
 */
import { writeFileSync } from "node:fs";
import { createServer, request } from "node:http";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonHeaders, send, tempLeadsDb, tinyBuild } from "../../tests/serverFaults.ts";
import { type SiteServer } from "./siteServer.ts";
import { startSiteOnFixtures } from "../../tests/siteOnFixtures.ts";

/** Renders each address with a count of its renders; /Flaky fails (503) on its first render only. */
const countingRenderer = `async function renderDocument(request) {
  const address = new URL(request.url).pathname;
  globalThis.renders = (globalThis.renders ?? 0) + 1;
  if (address === "/Numbers") return { kind: "page", status: 200, html: "<!doctype html><title>/Numbers</title><ol>" + Array.from({ length: 3000 }, (_, i) => "<li>" + ((i * 7919) % 10007) + "</li>").join("") + "</ol>" };
  if (address === "/Flaky" && !globalThis.flakyOnce) { globalThis.flakyOnce = true; return { kind: "page", status: 503, html: "try again" }; }
  return { kind: "page", status: 200, html: "<!doctype html><title>" + address + "</title><p>" + "render ".repeat(400) + globalThis.renders + "</p>" };
}`;

/** The publish webhook's secret, 32 characters or more as every start requires (./productionChecks.ts). */
const revalidateSecret = "hook-of-the-content-service-0001";
let site: SiteServer;
beforeAll(async () => {
  site = await startSiteOnFixtures({ distDir: tinyBuild(countingRenderer), env: { ...process.env, LEADS_DB: tempLeadsDb(), REVALIDATE_SECRET: revalidateSecret, REDIS_URL: "" } });
});
afterAll(() => site.close());

describe("a cached page", () => {
  it("is sent compressed as the browser accepts, with an ETag, and 304 when the browser has it", async () => {
    const plain = await send(site.url, { path: "/Home" });
    const gzip = await send(site.url, { path: "/Home", headers: { "Accept-Encoding": "gzip" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers.vary).toBe("Accept-Encoding");
    expect(gzip.headers.etag).toBe(plain.headers.etag);
    const again = await send(site.url, { path: "/Home", headers: { "If-None-Match": String(plain.headers.etag) } });
    expect(again.status).toBe(304);
    expect(again.headers["cache-control"]).toBe("public, max-age=0");
    // A CDN's lifetimes ride along (RFC 9213); with no CDN configured, no cache tags leave the origin.
    expect(again.headers["cdn-cache-control"]).toBe("max-age=3600, stale-while-revalidate=60, stale-if-error=86400");
    for (const tags of ["xkey", "surrogate-key", "cache-tag"]) expect(plain.headers[tags], tags).toBeUndefined();
    // What RFC 9110 (15.4.5) asks a 304 to repeat of the 200, and not the security headers again.
    expect([again.headers.etag, again.headers.vary, typeof again.headers.date]).toEqual([plain.headers.etag, "Accept-Encoding", "string"]);
    expect(again.headers["content-security-policy"]).toBeUndefined();
    // The first answer went through Fastify's route; a held page is answered before it, with the same headers.
    const held = await send(site.url, { path: "/Home" });
    const names = (headers: Record<string, unknown>) => Object.keys(headers).filter((name) => name !== "date").sort();
    expect(names(held.headers)).toEqual(names(plain.headers));
    expect(held.headers["content-security-policy"]).toBe(plain.headers["content-security-policy"]);
    expect((await send(site.url, { path: "/Home", headers: { "If-None-Match": 'W/"another"' } })).status).toBe(200);
    // A reload ("no-cache") asks for the page itself, whatever the browser holds.
    expect((await send(site.url, { path: "/Home", headers: { "If-None-Match": String(plain.headers.etag), "Cache-Control": "no-cache" } })).status).toBe(200);
    expect((await send(site.url, { path: "/Home", headers: { "If-None-Match": `W/"another", ${String(plain.headers.etag)}` } })).status).toBe(304);
    const head = await send(site.url, { method: "HEAD", path: "/Home" });
    expect([head.status, head.body]).toEqual([200, ""]);
    expect(head.headers["content-security-policy"]).toMatch(/script-src 'self'/);
    expect(site.pages.loads()).toBe(1);
  });

  /** The body of `path` as sent in `encoding`, undecoded. */
  const bodyBytes = (path: string, encoding: string) => {
    const { hostname, port } = new URL(site.url);
    return new Promise<Buffer>((resolve) =>
      request({ hostname, port, path, headers: { "Accept-Encoding": encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve(Buffer.concat(chunks)));
      }).end(),
    );
  };

  it("is compressed once when rendered: the gzip body is the page", async () => {
    expect(gunzipSync(await bodyBytes("/Home", "gzip")).toString()).toContain("<title>/Home</title>");
  });

  it("is answered at once at brotli's fast level, and sent at its best once the server has been idle", async () => {
    const first = await bodyBytes("/Numbers", "br");
    const html = brotliDecompressSync(first).toString();
    expect(html).toContain("<title>/Numbers</title>");
    const atQuality = (quality: number) => brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html) } });
    expect(first.equals(atQuality(5))).toBe(true);
    const best = atQuality(11);
    expect(best.byteLength).toBeLessThan(first.byteLength);
    // Recompressed in the background, when no render has run for a moment: later visitors get the smaller body.
    await expect.poll(async () => (await bodyBytes("/Numbers", "br")).equals(best), { timeout: 10_000 }).toBe(true);
    expect(gunzipSync(await bodyBytes("/Numbers", "gzip")).toString()).toBe(html);
  });

  it("is not kept when it is a retry screen: 503 with Retry-After, then rendered again", async () => {
    const first = await send(site.url, { path: "/Flaky" });
    expect([first.status, first.headers["retry-after"], first.headers["cache-control"]]).toEqual([503, "30", "no-store"]);
    expect((await send(site.url, { path: "/Flaky" })).status).toBe(200);
  });

  it("takes a form's post only (its route action), from the site's own pages, and no other method", async () => {
    const post = await send(site.url, { method: "POST", path: "/Home", headers: { "Content-Type": "text/plain" }, body: "" });
    expect(post.status).toBe(415);
    const crossSite = await send(site.url, { method: "POST", path: "/Home", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://elsewhere.example" }, body: "name=x" });
    expect(crossSite.status).toBe(403);
    // Page posts share the lead calls' per-client budget (LEADS_PER_MINUTE, 10): the 11th is refused.
    const more: number[] = [];
    for (let i = 0; i < 9; i += 1) more.push((await send(site.url, { method: "POST", path: "/Home", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://elsewhere.example" }, body: "name=x" })).status);
    expect(more.slice(-2)).toEqual([403, 429]);
    const put = await send(site.url, { method: "PUT", path: "/Home" });
    expect([put.status, put.headers.allow]).toEqual([405, "GET, HEAD, POST"]);
  });
});

describe("revalidation in one process", () => {
  const revalidate = (body: string, secret?: string) => send(site.url, { method: "POST", path: "/_revalidate", headers: { ...jsonHeaders, ...(secret ? { Authorization: `Bearer ${secret}` } : {}) }, body });

  it("refuses a wrong or missing secret (401) and a body naming nothing it knows (400), dropping nothing", async () => {
    await send(site.url, { path: "/Home" });
    const loads = site.pages.loads();
    expect((await revalidate('"all"')).status).toBe(401);
    expect((await revalidate('"all"', `${revalidateSecret}y`)).status).toBe(401);
    expect((await revalidate('{"addresses": "/Home"}', revalidateSecret)).status).toBe(400);
    await send(site.url, { path: "/Home" });
    expect(site.pages.loads()).toBe(loads);
  });

  it("drops the addresses named, so the next visitor gets them rendered anew", async () => {
    await send(site.url, { path: "/About" });
    const answer = await revalidate('{"addresses": ["/about"]}', revalidateSecret);
    const receipt = JSON.parse(answer.body) as { dropped: unknown; instance: string; peersTold?: number };
    expect(receipt.dropped).toEqual({ pages: ["/About"], content: [] });
    expect(receipt.instance).toMatch(/^[0-9a-f-]{36}$/);
    // No Redis: no other instance to tell.
    expect(receipt.peersTold).toBeUndefined();
    const loads = site.pages.loads();
    await send(site.url, { path: "/About" });
    await send(site.url, { path: "/Home" });
    expect(site.pages.loads()).toBe(loads + 1);
  });
});

describe("content media", () => {
  it("are revalidated by ETag: a 304 without the security headers again, as a page's", async () => {
    const first = await send(site.url, { path: "/_media/media/avatar-01.svg" });
    expect([first.status, first.headers["content-type"]]).toEqual([200, "image/svg+xml"]);
    const again = await send(site.url, { path: "/_media/media/avatar-01.svg", headers: { "If-None-Match": String(first.headers.etag) } });
    expect([again.status, again.headers.etag, again.headers["cache-control"], again.body]).toEqual([304, first.headers.etag, first.headers["cache-control"], ""]);
    expect(again.headers["content-security-policy"]).toBeUndefined();
  });
});

describe("a content service whose menu call hangs", () => {
  it("costs one visitor the time-out, not every new page: the next pages leave the menu out at once", async () => {
    const menuCalls: string[] = [];
    // Takes every call and answers none, as a service stuck behind a lock does.
    const stuck = createServer((req) => void menuCalls.push(req.url ?? ""));
    await new Promise<void>((resolve) => stuck.listen(0, "127.0.0.1", resolve));
    const renderer = `async function renderDocument(request, options) {
      const menu = await options.fetch("/api/menu/GetMenuList", { method: "POST", body: "{}" }).then((answer) => answer.text(), () => "no menu");
      return { kind: "page", status: 200, html: "<!doctype html><title>x</title><p>" + menu + "</p>" };
    }`;
    const base = `http://127.0.0.1:${String((stuck.address() as AddressInfo).port)}`;
    const hung = await startSiteOnFixtures({ distDir: tinyBuild(renderer), env: { ...process.env, LEADS_DB: tempLeadsDb(), OUTBOX_DB: `${tempLeadsDb()}.outbox`, CONTENT_API_BASE: base, CONTENT_TIMEOUT_SECONDS: "1.2", REDIS_URL: "" } });
    try {
      for (const path of ["/first", "/second", "/third"]) expect((await send(hung.url, { path })).body).toContain("no menu");
      // The editors' redirect list (CONTENT-API 9) is asked for once at start too, hangs the same way, and is not asked per page either.
      expect([...menuCalls].sort()).toEqual(["/api/menu/GetMenuList", "/api/redirect/GetRedirectList"]);
    } finally {
      await hung.close();
      stuck.closeAllConnections();
      await new Promise((resolve) => stuck.close(resolve));
    }
  });
});

describe("the build's own files", () => {
  it("do not include the source maps: the original source is not public", async () => {
    const dist = tinyBuild();
    writeFileSync(join(dist, "assets", "index-abc123.js.map"), JSON.stringify({ version: 3, sources: ["src/secret.ts"], sourcesContent: ["// how the site works"] }));
    const withMaps = await startSiteOnFixtures({ distDir: dist, env: { ...process.env, LEADS_DB: tempLeadsDb(), REDIS_URL: "" } });
    try {
      expect((await send(withMaps.url, { path: "/assets/index-abc123.js" })).status).toBe(200);
      const map = await send(withMaps.url, { path: "/assets/index-abc123.js.map" });
      expect(map.body).not.toContain("sourcesContent");
    } finally {
      await withMaps.close();
    }
  });

  it("are not served: the server bundle and the manifest are addresses like any other", async () => {
    for (const path of ["/server/entry-server.js", "/.vite/manifest.json"]) {
      const answer = await send(site.url, { path });
      expect(answer.body, path).not.toMatch(/renderDocument|^\{\}$/);
      expect(answer.headers["content-type"], path).toMatch(/^text\/html/);
    }
  });
});

describe("a page that could not be served for now", () => {
  it("carries the Retry-After its route said, not one the server makes up", async () => {
    const waits = await startSiteOnFixtures({ distDir: tinyBuild("async function renderDocument() { return { kind: 'page', status: 503, html: '<p>later</p>', retryAfter: '45' }; }"), env: { ...process.env, LEADS_DB: tempLeadsDb(), REDIS_URL: "" } });
    try {
      const answer = await send(waits.url, { path: "/Home" });
      expect(answer.status).toBe(503);
      expect(answer.headers["retry-after"]).toBe("45");
    } finally {
      await waits.close();
    }
  });
});

describe("readiness apart from liveness", () => {
  /** A renderer that reads the content service, as every page does: 200 when it answers, the retry screen (503) when not. */
  const readingRenderer =
    "async function renderDocument(request, options) { const answer = await options.fetch('/api/resource/list', { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } }).catch(() => null); return answer?.ok ? { kind: 'page', status: 200, html: options.template } : { kind: 'page', status: 503, html: 'try again' }; }";

  it("/readyz is 200 while the home page renders, 503 with a cold cache and a service that does not answer, when /healthz is still 200", async () => {
    const ready = await startSiteOnFixtures({ distDir: tinyBuild(readingRenderer), env: { ...process.env, LEADS_DB: tempLeadsDb(), REDIS_URL: "" } });
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, "127.0.0.1", done));
    const deadBase = `http://127.0.0.1:${String((closed.address() as AddressInfo).port)}`;
    await new Promise<void>((done) => closed.close(() => done()));
    const notReady = await startSiteOnFixtures({ distDir: tinyBuild(readingRenderer), env: { ...process.env, LEADS_DB: tempLeadsDb(), OUTBOX_DB: `${tempLeadsDb()}.outbox`, CONTENT_API_BASE: deadBase, REDIS_URL: "" } });
    try {
      const yes = await send(ready.url, { path: "/readyz" });
      expect(yes.status).toBe(200);
      expect(JSON.parse(yes.body)).toEqual({ ready: true, renderer: "loaded", pagesHeld: 0, home: 200 });
      // The home page it rendered is held: the next probe asks nothing.
      expect(JSON.parse((await send(ready.url, { path: "/readyz" })).body)).toMatchObject({ ready: true, pagesHeld: 1, home: "not asked (pages held)" });
      const no = await send(notReady.url, { path: "/readyz" });
      expect(no.status).toBe(503);
      expect(no.headers["cache-control"]).toBe("no-store");
      expect(JSON.parse(no.body)).toMatchObject({ ready: false, pagesHeld: 0, home: 503 });
      expect((await send(notReady.url, { path: "/healthz" })).status).toBe(200);
    } finally {
      await Promise.all([ready.close(), notReady.close()]);
    }
  });

  it("/readyz is 503 when the only pages held are not found (a service with no pages: an empty fixture folder, a wrong CONTENT_API_BASE)", async () => {
    const empty = await startSiteOnFixtures({ distDir: tinyBuild("async function renderDocument() { return { kind: 'page', status: 404, html: 'not found' }; }"), env: { ...process.env, LEADS_DB: tempLeadsDb(), REDIS_URL: "" } });
    try {
      expect((await send(empty.url, { path: "/Home" })).status).toBe(404);
      // A not-found page is kept only once per route, under the route's pattern (src/server/pageCache.ts); this renderer names none.
      expect(empty.pages.entries().map(([, page]) => page.status)).toEqual([]);
      const no = await send(empty.url, { path: "/readyz" });
      expect(no.status).toBe(503);
      expect(JSON.parse(no.body)).toEqual({ ready: false, renderer: "loaded", pagesHeld: 0, home: 404 });
    } finally {
      await empty.close();
    }
  });
});

describe("a stop", () => {
  it("sends an answer in flight when it began with Connection: close, so the client does not reuse a connection about to close", async () => {
    const gated = await startSiteOnFixtures({
      distDir: tinyBuild("async function renderDocument(request, options) { if (new URL(request.url).pathname === '/Slow') await new Promise((resolve) => { globalThis.releaseSlow = resolve; globalThis.slowStarted?.(); }); return { kind: 'page', status: 200, html: options.template }; }"),
      env: { ...process.env, LEADS_DB: tempLeadsDb(), REDIS_URL: "" },
    });
    const gate = globalThis as unknown as { slowStarted?: () => void; releaseSlow?: () => void };
    const started = new Promise<void>((resolve) => (gate.slowStarted = resolve));
    const answer = send(gated.url, { path: "/Slow", headers: { Connection: "keep-alive" } });
    await started;
    const stopped = gated.close();
    gate.releaseSlow?.();
    const slow = await answer;
    expect([slow.status, slow.headers.connection]).toEqual([200, "close"]);
    await stopped;
  });
});
