// @vitest-environment node
/**
 * The site behind a CDN, for real: Debian's Varnish with the shipped deploy/varnish/default.vcl
 * (xkey), in front of two instances of the production server sharing a real Redis, reading a
 * content service on loopback that the test edits. What a visitor and an operator would notice:
 * the edge answers the pages and the origin sees each once per lifetime, a publish reaches the
 * edge within a second and purges only what it changed, a dead origin still serves the pages
 * held, and nothing personal (leads, form posts, previews) is ever kept at the edge.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { previewCookieName, previewQueryParam } from "../src/server/preview/cookie.ts";
import { startSiteServer, type SiteServer } from "../src/server/siteServer.ts";
import { startVarnish, freePort, type VarnishServer } from "../tools/varnish.ts";
import { startRedis, type RedisServer } from "./redisServer.ts";
import { contentService, pageAddresses, renderer } from "./edgeSite.ts";
import { jsonHeaders, logCapture, paperLead, send, tempLeadsDb, tinyBuild, type RawAnswer } from "./serverFaults.ts";

const secret = "publish-hook-secret-of-the-edge-tests";
const instancePorts = [5331, 5332] as const;

let redis: RedisServer;
let service: Awaited<ReturnType<typeof contentService>>;
let varnish: VarnishServer;
let varnishPort: number;
let instances: SiteServer[] = [];
const logs = [logCapture(), logCapture()];
/** Two builds of the site, as two deploys: their pages name their own script. */
const builds = { first: tinyBuild(renderer.replace("BUILD", "first")), second: tinyBuild(renderer.replace("BUILD", "second")) };
let distDir = builds.first;

function instanceEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    LOG_LEVEL: "info",
    CONTENT_API_BASE: service.url,
    REDIS_URL: redis.url,
    REVALIDATE_SECRET: secret,
    CDN: "varnish",
    VARNISH_PURGE_URLS: `http://127.0.0.1:${varnishPort}`,
    EDGE_CACHE_SECONDS: "600",
    EDGE_STALE_WHILE_REVALIDATE_SECONDS: "30",
    EDGE_STALE_IF_ERROR_SECONDS: "600",
    SITE_URL: `http://127.0.0.1:${varnishPort}`,
    ...extra,
  };
}

async function startInstances(extra: Record<string, string> = {}) {
  instances = await Promise.all(instancePorts.map((port, i) => startSiteServer({ distDir, port, env: { ...instanceEnv(extra), OUTBOX_DB: tempLeadsDb() }, logDestination: logs[i]?.stream })));
}

beforeAll(async () => {
  [redis, service] = await Promise.all([startRedis(), contentService()]);
  varnishPort = await freePort([6081, 6082, 6083, 6084, 6085, 6086, 6087, 6088, 6089]);
  await startInstances();
  varnish = await startVarnish(
    instancePorts.map((port) => ({ host: "127.0.0.1", port })),
    [varnishPort],
  );
  // Both backends healthy (the probe asks /readyz each second).
  await vi.waitFor(async () => expect((await edge("/Home")).status).toBe(200), { timeout: 15_000, interval: 200 });
}, 60_000);

afterAll(async () => {
  await Promise.all(instances.map((site) => site.close()));
  await varnish.stop();
  await service.close();
  await redis.stop();
});

/** A request through Varnish, as a browser asks (brotli accepted). */
const edge = (path: string, headers: Record<string, string> = {}, method = "GET", body?: string): Promise<RawAnswer> =>
  send(`http://127.0.0.1:${varnishPort}`, { method, path, headers: { "Accept-Encoding": "br, gzip", ...headers }, ...(body === undefined ? {} : { body }) });
const titleOf = async (path: string) => {
  const { body, headers } = await send(`http://127.0.0.1:${varnishPort}`, { path });
  return { title: /<title>([^<]*)<\/title>/.exec(body)?.[1], cache: headers["x-cache"], hits: Number(headers["x-cache-hits"] ?? 0), body };
};
/** The pages (GET, by path) the instances answered: what reached the origin. */
const originPages = () =>
  logs.flatMap((log) => log.lines).filter((line) => line.msg === "request" && line.kind === "page" && line.method === "GET").map((line) => String(line.path));
const revalidate = (body: unknown, instance = 0) =>
  send(instances[instance]?.url ?? "", { method: "POST", path: "/_revalidate", headers: { ...jsonHeaders, Authorization: `Bearer ${secret}` }, body: JSON.stringify(body) });

async function inParallel<T>(items: readonly T[], concurrency: number, each: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < items.length) await each(items[next++] as T);
  }));
}

describe("the site behind Varnish", () => {
  it("reaches the origin at most once per page for 1,000 requests over the site's pages, and says so by its hit ratio", async () => {
    const before = originPages().length;
    const requests = Array.from({ length: 1000 }, (_, i) => pageAddresses[(i * 7) % pageAddresses.length] ?? "/Home");
    let hits = 0;
    const statuses = new Set<number>();
    await inParallel(requests, 16, async (path) => {
      const answer = await edge(path);
      statuses.add(answer.status);
      if (answer.headers["x-cache"] === "hit") hits += 1;
    });
    const reached = originPages().slice(before);
    const perPage = new Map<string, number>();
    for (const path of reached) perPage.set(path, (perPage.get(path) ?? 0) + 1);
    console.log(`edge: 1,000 requests over ${pageAddresses.length} pages, hit ratio ${(hits / 10).toFixed(1)} %, ${reached.length} reached the origin`);
    expect([...statuses]).toEqual([200]);
    expect(Math.max(0, ...perPage.values())).toBeLessThanOrEqual(1);
    expect(hits).toBeGreaterThanOrEqual(1000 - pageAddresses.length);
  });

  it("sends visitors what browsers need and nothing the edge keeps for itself", async () => {
    const page = await edge("/People");
    expect(page.headers["cache-control"]).toBe("public, max-age=0");
    expect(page.headers.etag).toMatch(/^W\//);
    expect(page.headers["content-encoding"]).toBe("br");
    expect(page.headers.vary).toBe("Accept-Encoding");
    for (const kept of ["xkey", "surrogate-control", "cdn-cache-control"]) expect(page.headers[kept], kept).toBeUndefined();
    // At the origin, the same page carries the CDN's lifetimes and its tags.
    const origin = await send(instances[0]?.url ?? "", { path: "/People" });
    expect(origin.headers["cdn-cache-control"]).toBe("max-age=600, stale-while-revalidate=30, stale-if-error=600");
    expect(origin.headers["surrogate-control"]).toBe(origin.headers["cdn-cache-control"]);
    expect(String(origin.headers.xkey).split(" ").sort()).toEqual(["addr:/people", "menus", "page:people", "pages", "resources"]);
    // A browser's copy is revalidated at the edge: 304 by ETag.
    const again = await edge("/People", { "If-None-Match": String(page.headers.etag) });
    expect(again.status).toBe(304);
  });

  it("logs an incoming traceparent's trace id at the origin, with no exporter configured", async () => {
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    await edge("/trace-me-once", { traceparent: `00-${traceId}-00f067aa0ba902b7-01` });
    await edge("/trace-me-too");
    const lineOf = (path: string) => logs.flatMap((log) => log.lines).find((line) => line.msg === "request" && line.path === path);
    expect(lineOf("/trace-me-once")?.traceId).toBe(traceId);
    expect(lineOf("/trace-me-too")?.traceId).toMatch(/^[0-9a-f]{32}$/);
  });

  it("keeps a 404 and a redirect under their tags, and a page's address however its query is written", async () => {
    const missing = await edge("/no-such-page");
    expect(missing.status).toBe(404);
    expect((await edge("/no-such-page")).headers["x-cache"]).toBe("hit");
    const origin = await send(instances[1]?.url ?? "", { path: "/no-such-page" });
    expect(String(origin.headers.xkey).split(" ")).toEqual(expect.arrayContaining(["page:no-such-page", "addr:/no-such-page", "menus", "pages"]));
    const moved = await edge("/");
    expect([moved.status, moved.headers.location]).toEqual([301, "/Home"]);
    expect((await edge("/")).headers["x-cache"]).toBe("hit");
    // Campaign tags and unknown parameters are the page already held; a list's own parameters are a view of their own.
    await edge("/blogs");
    expect((await edge("/blogs?utm_source=mail&gclid=x")).headers["x-cache"]).toBe("hit");
    expect((await edge("/blogs?page=2&utm_medium=x")).headers["x-cache"]).toBe("miss");
    expect((await edge("/blogs?utm_campaign=y&page=2")).headers["x-cache"]).toBe("hit");
  });

  it("shows a published edit to one page within a second, purged once, while the pages not made from it stay cached", async () => {
    await edge("/about-us");
    const people = await titleOf("/People");
    service.state.titles.set("about-us", "About us (edited)");
    const started = performance.now();
    const answer = await revalidate({ pages: ["about-us"] });
    expect(answer.status).toBe(200);
    const receipt = JSON.parse(answer.body) as { edge: { cdn: string; tags: string[]; purged: { target: string; ok: boolean; detail: string }[] }; peersTold: number; peersConfirmed: number };
    expect(receipt.edge.cdn).toBe("varnish");
    expect(receipt.edge.tags).toEqual(["page:about-us"]);
    expect(receipt.edge.purged).toEqual([{ target: `http://127.0.0.1:${varnishPort}`, ok: true, tags: 1, detail: expect.stringMatching(/^[1-9]\d* objects$/) as unknown }]);
    expect([receipt.peersTold, receipt.peersConfirmed]).toEqual([1, 1]);
    await vi.waitFor(async () => expect((await titleOf("/about-us")).title).toBe("About us (edited)"), { timeout: 1000, interval: 20 });
    expect(performance.now() - started).toBeLessThan(1000);
    // The other instance purged nothing: one purge per edit.
    expect(logs[1]?.lines.filter((line) => line.msg === "revalidated")).toEqual([]);
    const after = await titleOf("/People");
    expect([after.title, after.cache]).toEqual([people.title, "hit"]);
    expect(after.hits).toBeGreaterThan(people.hits);
  });

  it("purges every page showing the menu when the menu is published, and only the lists' pages for a list", async () => {
    await Promise.all(pageAddresses.map((path) => edge(path)));
    service.state.menu = "Our solutions";
    const answer = await revalidate({ menus: true }, 1);
    expect(answer.status).toBe(200);
    const started = performance.now();
    for (const path of pageAddresses) {
      await vi.waitFor(async () => expect((await titleOf(path)).body).toContain("<nav>Our solutions</nav>"), { timeout: 1000, interval: 20 });
    }
    expect(performance.now() - started).toBeLessThan(2000);
    // A list edit: the blogs page anew, the others still held.
    const home = await titleOf("/Home");
    service.state.blogs = ["A new blog", "First blog"];
    expect((await revalidate({ lists: [2] })).status).toBe(200);
    await vi.waitFor(async () => expect((await titleOf("/blogs")).body).toContain("<li>A new blog</li>"), { timeout: 1000, interval: 20 });
    const homeAfter = await titleOf("/Home");
    expect([homeAfter.cache, homeAfter.hits > home.hits]).toEqual(["hit", true]);
  });

  it("never keeps a lead, a form post or a preview at the edge, and passes each to the origin", async () => {
    const leadsBefore = service.state.leads;
    for (const email of ["ada@example.com", "grace@example.com"]) {
      const lead = await edge("/api/thoughtPaper/SaveUserInfo", jsonHeaders, "POST", paperLead(email));
      expect([lead.status, lead.headers["cache-control"], lead.headers["x-cache"]]).toEqual([200, "private, no-store", "miss"]);
    }
    const form = (email: string) => new URLSearchParams({ name: "Ada Lovelace", Organisation: "Analytical Engines", email, contactNumber: "4045550142", message: "Hello there, a message.", token: "local-test-token" }).toString();
    for (const email of ["ada@example.org", "grace@example.org"]) {
      const posted = await edge("/contact-us", { "Content-Type": "application/x-www-form-urlencoded" }, "POST", form(email));
      expect([posted.status, posted.headers["cache-control"], posted.headers.location]).toEqual([303, "private, no-store", "/Thankyou"]);
    }
    await vi.waitFor(() => expect(service.state.leads).toBe(leadsBefore + 4), { timeout: 5000, interval: 50 });
    // A preview (the preview cookie, the address fallback's parameter, or the preview's own addresses) reaches the origin every time.
    const before = originPages().filter((path) => path === "/Experience").length;
    await edge("/Experience");
    for (let i = 0; i < 3; i++) {
      const preview = await edge("/Experience", { Cookie: `consent=1; ${previewCookieName}=token-of-an-editor` });
      expect(preview.headers["x-cache"]).toBe("miss");
    }
    expect((await edge(`/Experience?${previewQueryParam}=token-of-an-editor`)).headers["x-cache"]).toBe("miss");
    const previewEntry = [await edge("/_preview?token=abc"), await edge("/_preview?token=abc")];
    expect(previewEntry.map((answer) => answer.headers["x-cache"])).toEqual(["miss", "miss"]);
    expect(originPages().filter((path) => path === "/Experience").length - before).toBe(5);
    // The public copy is the one the edge keeps and goes on answering, to a cookie or parameter that only looks like a preview's too.
    expect((await edge("/Experience")).headers["x-cache"]).toBe("hit");
    expect((await edge("/Experience?preview=1", { Cookie: "corvane-preview=1; seen-preview=yes" })).headers["x-cache"]).toBe("hit");
  });

  it("moves an address it holds once editors publish a redirect, purging that address and the redirect answers alone", async () => {
    for (const path of ["/Press", "/Careers"]) await edge(path);
    expect((await edge("/Press")).headers["x-cache"]).toBe("hit");
    service.state.redirects = [{ from: "/press/", to: "/Feedback", status: 301 }];
    const receipt = await revalidate({ redirects: true });
    expect(receipt.status).toBe(200);
    expect((JSON.parse(receipt.body) as { edge: { tags: string[] } }).edge.tags).toEqual(["redirects", "addr:/press"]);
    const moved = await edge("/Press");
    expect([moved.status, moved.headers.location, moved.headers["x-cache"]]).toEqual([301, "/Feedback", "miss"]);
    expect((await edge("/Press")).headers["x-cache"]).toBe("hit");
    expect((await edge("/Careers")).headers["x-cache"]).toBe("hit");
    // Taken away again: the page is back at once, though no address was named.
    service.state.redirects = [];
    expect((await revalidate({ redirects: true })).status).toBe(200);
    const back = await edge("/Press");
    expect([back.status, back.headers["x-cache"]]).toEqual([200, "miss"]);
    service.state.redirects = null;
    await revalidate({ redirects: true });
  });

  it("shows a deploy's pages once the deploy sends the publish webhook's \"all\", and not before", async () => {
    const held = await titleOf("/Resources");
    expect(held.body).toContain("/assets/app-first.js");
    // The new build on both instances (one after the other, as a rolling deploy).
    distDir = builds.second;
    for (const [i, port] of instancePorts.entries()) {
      await instances[i]?.close();
      const site = await startSiteServer({ distDir, port, env: { ...instanceEnv(), OUTBOX_DB: tempLeadsDb() }, logDestination: logs[i]?.stream });
      instances[i] = site;
    }
    // The edge and Redis still hold pages naming the first build's files.
    expect((await titleOf("/Resources")).body).toContain("/assets/app-first.js");
    expect((await send(instances[0]?.url ?? "", { path: "/Resources" })).body).toContain("/assets/app-first.js");
    // The deploy's last step (docs/operations.md): "all", to any one instance.
    const answer = await revalidate("all");
    expect(answer.status).toBe(200);
    expect((JSON.parse(answer.body) as { edge: { tags: string[] } }).edge.tags).toEqual(["pages"]);
    await vi.waitFor(async () => {
      for (const path of ["/Resources", "/Home", "/People"]) expect((await titleOf(path)).body).toContain("/assets/app-second.js");
    }, { timeout: 1000, interval: 20 });
  });

  it("serves every page it holds while both instances are stopped, for the configured stale-if-error time, and answers leads with a clear error", async () => {
    // Short lifetimes for this part: kept 1 s, stale while revalidating 1 s more, stale on error 4 s more.
    await Promise.all(instances.map((site) => site.close()));
    await startInstances({ EDGE_CACHE_SECONDS: "1", EDGE_STALE_WHILE_REVALIDATE_SECONDS: "1", EDGE_STALE_IF_ERROR_SECONDS: "4" });
    await send(varnish.url, { method: "PURGE", path: "/", headers: { xkey: "pages" } });
    const held = ["/Home", "/People", "/blogs"];
    await vi.waitFor(async () => expect((await Promise.all(held.map((path) => edge(path)))).map((answer) => answer.status)).toEqual([200, 200, 200]), { timeout: 10_000, interval: 200 });
    const storedAt = performance.now();
    await Promise.all(instances.map((site) => site.close()));
    instances = [];
    // Past its lifetime and its stale-while-revalidate (2 s), with nobody to ask: the held copy.
    await vi.waitFor(() => expect(performance.now() - storedAt).toBeGreaterThan(2500), { timeout: 5000, interval: 100 });
    for (const path of held) {
      const answer = await edge(path);
      expect([path, answer.status, answer.headers["x-cache"]]).toEqual([path, 200, "hit"]);
    }
    // A lead meanwhile: a clear error, and never an answer from the cache.
    for (const email of ["ada@example.net", "grace@example.net"]) {
      const lead = await edge("/api/thoughtPaper/SaveUserInfo", jsonHeaders, "POST", paperLead(email));
      expect([lead.status, lead.headers["cache-control"]]).toEqual([503, "private, no-store"]);
      expect(JSON.parse(lead.body)).toMatchObject({ error: expect.stringContaining("nothing was sent") as unknown });
      const form = await edge("/contact-us", { "Content-Type": "application/x-www-form-urlencoded" }, "POST", "name=Ada");
      expect([form.status, form.headers["cache-control"]]).toEqual([503, "private, no-store"]);
      expect(form.body).toContain("they were <strong>not sent</strong>");
    }
    // Past lifetime + stale-while-revalidate + stale-if-error (6 s): no copy to give, the same clear page.
    await vi.waitFor(async () => expect((await edge("/People")).status).toBe(503), { timeout: 8000, interval: 250 });
    expect(performance.now() - storedAt).toBeGreaterThan(5500);
    expect((await edge("/People")).body).toContain("We'll be right back");
  }, 40_000);
});
