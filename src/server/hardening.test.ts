// @vitest-environment node
/**
 * What a stranger cannot make the server do (issue 34, docs/security.md): post a lead in a
 * visitor's name from another site, share one lead budget among everyone behind a CDN, reach
 * calls of the content service the contract does not name, hold a connection open with slow
 * headers, open connections without end, or make every random query string a new page.
 */
import { createServer, type IncomingMessage } from "node:http";
import { connect } from "node:net";
import type { AddressInfo } from "node:net";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedis, type RedisServer } from "../../tests/redisServer.ts";
import { jsonHeaders, paperLead, send, tempLeadsDb, tinyBuild } from "../../tests/serverFaults.ts";
import { startSiteOnFixtures } from "../../tests/siteOnFixtures.ts";
import type { SiteServer } from "./siteServer.ts";
import { trustProxyWarning } from "./http/trustProxy.ts";

const siteEnv = (extra: Record<string, string>) => ({ ...process.env, LEADS_DB: tempLeadsDb(), OUTBOX_DB: `${tempLeadsDb()}.outbox`, REDIS_URL: "", ...extra });

describe("the lead calls", () => {
  let site: SiteServer;
  beforeAll(async () => {
    site = await startSiteOnFixtures({ distDir: tinyBuild(), env: siteEnv({ SITE_URL: "https://www.corvane.example" }) });
  });
  afterAll(() => site.close());
  const save = (email: string, headers: Record<string, string>) => send(site.url, { method: "POST", path: "/api/thoughtPaper/SaveUserInfo", headers: { ...jsonHeaders, ...headers }, body: paperLead(email) });

  it("are refused (403) when a browser sends them from another site, as the page forms are", async () => {
    expect((await save("evil@engines.example", { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await save("evil@engines.example", { Origin: "https://evil.example" })).status).toBe(403);
    const multipart = await send(site.url, { method: "POST", path: "/api/contactus/create", headers: { "Content-Type": "multipart/form-data; boundary=x", Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" }, body: "--x--\r\n" });
    expect(multipart.status).toBe(403);
  });

  it("are taken from the site's own pages and from clients that are no browser", async () => {
    expect((await save("same@engines.example", { Origin: "https://www.corvane.example", "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
    expect((await save("host@engines.example", { Origin: site.url })).status).toBe(200);
    expect((await save("curl@engines.example", {})).status).toBe(200);
  });
});

describe("TRUST_PROXY", () => {
  const fromBehindCdn = async (env: Record<string, string>) => {
    const site = await startSiteOnFixtures({ distDir: tinyBuild(), env: siteEnv({ LEADS_PER_MINUTE: "2", ...env }) });
    try {
      const statuses: number[] = [];
      // Three visitors behind one CDN (the socket is the CDN's), two leads each.
      for (const visitor of ["203.0.113.1", "203.0.113.2", "203.0.113.3"]) {
        for (const n of [1, 2]) statuses.push((await send(site.url, { method: "POST", path: "/api/thoughtPaper/SaveUserInfo", headers: { ...jsonHeaders, "X-Forwarded-For": visitor }, body: paperLead(`v${visitor.slice(-1)}n${String(n)}@engines.example`) })).status);
      }
      return statuses;
    } finally {
      await site.close();
    }
  };

  it("unset: forwarded headers are ignored, so no client can claim another's address", async () => {
    expect(await fromBehindCdn({})).toEqual([200, 200, 429, 429, 429, 429]);
  });

  it("set to the hops in front: each visitor has a lead budget of their own", async () => {
    expect(await fromBehindCdn({ TRUST_PROXY: "1" })).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await fromBehindCdn({ TRUST_PROXY: "127.0.0.1/8, ::1" })).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it("set to the CDN's ranges: a client that is not the CDN (one reaching the origin directly) cannot forge its address", async () => {
    // The socket (127.0.0.1) is not in the ranges given: the forged X-Forwarded-For of each "visitor" is ignored, all share one budget.
    expect(await fromBehindCdn({ TRUST_PROXY: "173.245.48.0/20, 2400:cb00::/32" })).toEqual([200, 200, 429, 429, 429, 429]);
  });

  it("warns at start that a hop count believes whoever connects, and names the ranges instead", () => {
    expect(trustProxyWarning("1")).toMatch(/hop count.*CDN's address ranges/);
    expect(trustProxyWarning("173.245.48.0/20")).toBeNull();
    expect(trustProxyWarning(undefined)).toBeNull();
  });

  it("refuses to start on a value it cannot read, rather than trusting everyone", async () => {
    await expect(startSiteOnFixtures({ distDir: tinyBuild(), env: siteEnv({ TRUST_PROXY: "cdn.example" }) })).rejects.toThrow(/TRUST_PROXY/);
  });
});

describe("the forwarder to another content service", () => {
  const reached: string[] = [];
  const service = createServer((req: IncomingMessage, res) => {
    reached.push(`${req.method ?? ""} ${req.url ?? ""}`);
    res.writeHead(200, { "Content-Type": "application/json" }).end('{"ok":true}');
  });
  let site: SiteServer;
  beforeAll(async () => {
    await new Promise<void>((resolve) => service.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${String((service.address() as AddressInfo).port)}`;
    site = await startSiteOnFixtures({ distDir: tinyBuild(), env: siteEnv({ CONTENT_API_BASE: base }) });
  });
  afterAll(async () => {
    await site.close();
    service.closeAllConnections();
    await new Promise((resolve) => service.close(resolve));
  });

  it("passes the contract's calls, as POST, to the path the contract spells, and nothing else", async () => {
    reached.length = 0;
    const refused = await Promise.all([
      send(site.url, { method: "DELETE", path: "/api/admin/leads/1?force=1" }),
      send(site.url, { method: "GET", path: "/api/admin/leads" }),
      send(site.url, { method: "POST", path: "/api/admin/leads/1" }),
      send(site.url, { method: "PUT", path: "/api/page/get" }),
      send(site.url, { method: "GET", path: "/api/page/get" }),
      send(site.url, { method: "POST", path: "/api/page%2fget" }),
      send(site.url, { method: "POST", path: "/api/%70age/get", headers: jsonHeaders, body: "{}" }),
      // A body where no call takes one is refused before it is read.
      send(site.url, { method: "POST", path: "/api/admin/leads/1", headers: jsonHeaders, body: "{}" }),
    ]);
    expect(refused.map((answer) => answer.status)).toEqual([404, 404, 404, 405, 405, 404, 404, 413]);
    expect(reached).toEqual([]);
    const call = await send(site.url, { method: "POST", path: "/api/PAGE/get?debug=1", headers: jsonHeaders, body: '{"pageName":"Home"}' });
    expect(call.status).toBe(200);
    expect(reached).toEqual(["POST /api/page/get"]);
  });
});

describe("connections", () => {
  it("a client sending its headers slowly is cut off within a second or two of the header time-out", async () => {
    const site = await startSiteOnFixtures({ distDir: tinyBuild(), env: siteEnv({ HEADERS_TIMEOUT_SECONDS: "1" }) });
    try {
      const { port } = new URL(site.url);
      const started = Date.now();
      const closedAfter = await new Promise<number>((resolve) => {
        const socket = connect(Number(port), "127.0.0.1", () => socket.write("GET /Home HTTP/1.1\r\nHost: localhost\r\n"));
        // One more header line now and then, never the blank line that ends them.
        const drip = setInterval(() => socket.write("X-Slow: 1\r\n"), 200);
        socket.on("error", () => undefined);
        socket.on("close", () => {
          clearInterval(drip);
          resolve(Date.now() - started);
        });
      });
      expect(closedAfter).toBeGreaterThanOrEqual(900);
      expect(closedAfter).toBeLessThan(3_500);
    } finally {
      await site.close();
    }
  });

  it("past MAX_CONNECTIONS, a new connection is closed at once and the open ones are answered", async () => {
    const site = await startSiteOnFixtures({ distDir: tinyBuild(), env: siteEnv({ MAX_CONNECTIONS: "2" }) });
    const { port } = new URL(site.url);
    const open = () =>
      new Promise<{ socket: ReturnType<typeof connect>; closed: Promise<void> }>((resolve) => {
        const socket = connect(Number(port), "127.0.0.1", () => resolve({ socket, closed }));
        const closed = new Promise<void>((done) => socket.on("close", () => done()));
        socket.on("error", () => undefined);
      });
    try {
      const held = [await open(), await open()];
      const third = await open();
      await third.closed;
      const answer = await new Promise<string>((resolve) => {
        const first = held[0];
        let text = "";
        first?.socket.on("data", (chunk: Buffer) => {
          text += chunk.toString();
          if (text.includes("\r\n\r\n")) resolve(text);
        });
        first?.socket.write("GET /Home HTTP/1.1\r\nHost: localhost\r\n\r\n");
      });
      expect(answer).toMatch(/^HTTP\/1\.1 200/);
      for (const { socket } of held) socket.destroy();
    } finally {
      await site.close();
    }
  });
});

describe("the page cache", () => {
  /** Each page says the address it was rendered for; /old is a moved page. */
  const echo = `async function renderDocument(request) {
    const url = new URL(request.url);
    if (url.pathname === "/old") return { kind: "redirect", status: 301, location: "/new" + url.search };
    return { kind: "page", status: 200, html: "<!doctype html><title>" + url.pathname + url.search + "</title><p>" + "page ".repeat(200) + "</p>" };
  }`;
  let redis: RedisServer;
  let site: SiteServer;
  beforeAll(async () => {
    redis = await startRedis();
    site = await startSiteOnFixtures({ distDir: tinyBuild(echo), env: siteEnv({ REDIS_URL: redis.url }) });
  }, 30_000);
  afterAll(async () => {
    await site.close();
    await redis.stop();
  });
  const title = async (path: string) => /<title>(.*?)<\/title>/.exec((await send(site.url, { path })).body)?.[1];

  it("keys a page by its path and the parameters a page reads: 60 random query strings are one render and one Redis entry", async () => {
    const before = site.pages.loads();
    const titles = new Set<string | undefined>();
    for (let n = 0; n < 60; n++) titles.add(await title(`/Home?x=${Math.random().toString(36).slice(2)}&utm_source=mail${String(n)}&gclid=${String(n)}`));
    expect([...titles]).toEqual(["/Home"]);
    expect(site.pages.loads() - before).toBe(1);
    const client = new Redis(redis.url);
    try {
      // The page's one entry (beside it, its list of content keys for revalidation: corvane:deps:page:/Home).
      expect(await client.keys("corvane:page:/Home*")).toEqual(["corvane:page:/Home"]);
    } finally {
      client.disconnect();
    }
  });

  it("renders a list's view, the contact mode and a thought paper's form in the page, each written one way, and nothing else of the query", async () => {
    expect(await title("/blogs?page=2&utm_campaign=x")).toBe("/blogs?page=2");
    const loads = site.pages.loads();
    expect(await title("/blogs?utm_campaign=y&page=02")).toBe("/blogs?page=2");
    expect(await title("/blogs?sort=Ascending&filter=Last%203%20Months&search=claims")).toBe("/blogs?search=claims&sort=ascending&filter=last-3-months");
    expect(await title("/blogs?sort=nonsense&page=-4")).toBe("/blogs");
    expect(await title("/contact-us?from=presentation-services&fbclid=z")).toBe("/contact-us?from=presentation-services");
    expect(await title("/contact-us?from=anywhere")).toBe("/contact-us");
    expect(await title("/thoughtPapers/a-paper?download=%2Fdocuments%2Fa.pdf&utm_medium=x")).toBe("/thoughtPapers/a-paper?download=");
    expect(site.pages.loads() - loads).toBe(5);
  });

  it("keeps the campaign tags through a redirect", async () => {
    const moved = await send(site.url, { path: "/old?page=3&utm_source=mail" });
    expect([moved.status, moved.headers.location]).toEqual([301, "/new?page=3&utm_source=mail"]);
  });
});

describe("Vary on every compressible answer (issue 45)", () => {
  let site: SiteServer;
  beforeAll(async () => {
    // A sitemap over the compression threshold, as a real site's is.
    const big = `async function renderDocument(request, options) { return { kind: 'page', status: 200, html: options.template }; }
    export async function listAddresses() { return Array.from({ length: 200 }, (_, n) => '/blogs/post-' + n); }
    export function sitemapFiles(addresses) { return new Map([['sitemap.xml', '<urlset>' + addresses.map((a) => '<url><loc>' + a + '</loc></url>').join('') + '</urlset>']]); }`;
    site = await startSiteOnFixtures({ distDir: tinyBuild(big), env: siteEnv({}) });
  });
  afterAll(() => site.close());

  it("says Vary: Accept-Encoding whether the answer went compressed or plain: the sitemap, robots.txt, a content call", async () => {
    const plainAndCompressed: Record<string, string>[] = [{}, { "Accept-Encoding": "br, gzip" }];
    for (const headers of plainAndCompressed) {
      const sitemap = await send(site.url, { path: "/sitemap.xml", headers });
      expect([sitemap.status, sitemap.headers.vary]).toEqual([200, expect.stringMatching(/accept-encoding/i)]);
      expect((await send(site.url, { path: "/robots.txt", headers })).headers.vary).toMatch(/accept-encoding/i);
      const call = await send(site.url, { method: "POST", path: "/api/page/get", headers: { ...jsonHeaders, ...headers }, body: JSON.stringify("index") });
      expect([call.status, call.headers.vary]).toEqual([200, expect.stringMatching(/accept-encoding/i)]);
      // Once, not twice when the compression adds its own.
      expect(String(sitemap.headers.vary).match(/accept-encoding/gi)).toHaveLength(1);
    }
    expect((await send(site.url, { path: "/sitemap.xml", headers: { "Accept-Encoding": "br" } })).headers["content-encoding"]).toBe("br");
  });
});

describe("one address per page, and what strangers' addresses cost (issue 45)", () => {
  /**
   * A renderer shaped like the site's: four pages, a detail route whose missing items are one
   * not-found page (rendered only at the route's pattern), anything else sent home. It counts
   * its renders, and each page says the address it was rendered for.
   */
  const site45 = `const counted = globalThis.__renders45 ??= { count: 0 };
  const pages = new Set(["/Home", "/blogs", "/blogs/known-post", "/Feedback"]);
  const html = (title, status) => ({ kind: "page", status, html: "<!doctype html><title>" + title + "</title><p>" + "page ".repeat(2000) + "</p>" });
  export async function renderServedPage(request) {
    const { pathname, search } = new URL(request.url);
    if (pathname === "/") return { kind: "redirect", status: 301, location: "/Home" + search };
    if (pages.has(pathname)) return (counted.count++, html(pathname + search, 200));
    if (pathname.startsWith("/blogs/")) return pathname === "/blogs/:pageName" ? (counted.count++, { ...html("not found", 404), notFoundOf: "/blogs/:pageName" }) : { kind: "not-found", notFoundOf: "/blogs/:pageName" };
    return { kind: "redirect", status: 302, location: "/" };
  }
  export const renderDocument = renderServedPage;`;
  const renders = () => (globalThis as { __renders45?: { count: number } }).__renders45?.count ?? 0;
  let redis: RedisServer;
  let site: SiteServer;
  beforeAll(async () => {
    redis = await startRedis();
    site = await startSiteOnFixtures({ distDir: tinyBuild(site45), env: siteEnv({ REDIS_URL: redis.url, SITE_URL: "https://www.corvane.example" }) });
  }, 30_000);
  afterAll(async () => {
    await site.close();
    await redis.stop();
  });

  it("answers every other spelling of a page with a 301 to its one address, the query kept, nothing rendered", async () => {
    expect((await send(site.url, { path: "/Home" })).status).toBe(200);
    const before = renders();
    for (const [asked, location] of [
      ["/home", "/Home"],
      ["/HOME/?utm_source=mail", "/Home?utm_source=mail"],
      ["/Home//", "/Home"],
      ["/%48ome", "/Home"],
      ["//Home", "/Home"],
      ["/BLOGS/known-post/", "/blogs/known-post"],
      ["/blogs//known-post?page=2", "/blogs/known-post?page=2"],
      ["/Feedback/", "/Feedback"],
      ["http://evil.example/Home", "https://www.corvane.example/Home"],
      ["https://www.corvane.example/home", "https://www.corvane.example/Home"],
    ] as const) {
      const answer = await send(site.url, { path: asked });
      expect([asked, answer.status, answer.headers.location]).toEqual([asked, 301, location]);
    }
    expect(renders()).toBe(before);
    // The site's own origin in absolute form, spelled right: the page.
    expect((await send(site.url, { path: "https://www.corvane.example/Home" })).status).toBe(200);
    // The detail page keeps its own part's case: another page, as far as the address goes.
    expect((await send(site.url, { path: "/blogs/Known-Post" })).status).toBe(404);
    expect((await send(site.url, { path: "/a%zz" })).status).toBe(400);
  });

  it("10,000 distinct spellings and random addresses cost at most the canonical pages' renders, within the stated bounds", async () => {
    const client = new Redis(redis.url);
    try {
      await client.flushall();
      site.pages.dropHere(site.pages.entries().map(([key]) => key));
      const before = renders();
      const random = () => Math.random().toString(36).slice(2, 10);
      const spell = (path: string) => path.split("").map((c) => (/[a-z]/i.test(c) && Math.random() < 0.2 ? `%${c.charCodeAt(0).toString(16)}` : Math.random() < 0.3 ? c.toUpperCase() : c)).join("").replace(/\//g, () => "/".repeat(1 + Math.floor(Math.random() * 3))) + (Math.random() < 0.5 ? "/" : "");
      const addresses = Array.from({ length: 10_000 }, (_, n) => {
        switch (n % 5) {
          case 0: return spell(["/Home", "/blogs"][n % 2] ?? "/Home");
          case 1: return `/blogs/nope-${random()}`;
          case 2: return `/${random()}`;
          case 3: return `/Home?utm_source=${random()}&gclid=${random()}`;
          default: return `/blogs/known-post?x=${random()}`;
        }
      });
      const statuses = new Map<number, number>();
      for (let at = 0; at < addresses.length; at += 50) {
        const answers = await Promise.all(addresses.slice(at, at + 50).map((path) => send(site.url, { path })));
        for (const { status } of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
      // Renders: /Home, /blogs, /blogs/known-post, and the detail route's one not-found page.
      expect(renders() - before).toBeLessThanOrEqual(4);
      expect(statuses.get(500) ?? 0).toBe(0);
      // Held here: those four pages, nothing per stranger's address.
      const held = site.pages.entries();
      expect(held.map(([key]) => key).filter((key) => !["/Home", "/blogs", "/blogs/:pageName", "/blogs/known-post"].includes(key))).toEqual([]);
      const bytes = held.reduce((sum, [, page]) => sum + page.html.byteLength + page.br.byteLength + page.gzip.byteLength, 0);
      expect(bytes).toBeLessThan(4 * 64 * 1024);
      // In Redis: the same pages (and their lists of content answers), nothing else.
      const keys = await client.keys("corvane:page:*");
      expect(keys.length).toBeLessThanOrEqual(4);
      expect((await client.keys("corvane:*")).filter((key) => !/^corvane:(page|deps:page|generation):/.test(key))).toEqual([]);
    } finally {
      client.disconnect();
    }
  }, 120_000);
});
