// @vitest-environment node
/**
 * Two instances of the production server sharing one real Redis (redis-server on loopback):
 * what one rendered the other serves, a revalidation sent to one reaches both, the lead rate
 * limit and duplicate check count across both, and losing Redis leaves both answering.
 */
import Database from "better-sqlite3";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type SiteServer } from "../src/server/siteServer.ts";
import { startSiteOnFixtures } from "./siteOnFixtures.ts";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFakeContentService } from "../tools/fakeContentService.ts";
import { startRedis, type RedisServer } from "./redisServer.ts";
import { jsonHeaders, logCapture, paperLead, send, tempLeadsDb, tinyBuild } from "./serverFaults.ts";

/** A renderer whose page shows the title the content service gives for its name. */
const titleRenderer = `async function renderDocument(request, options) {
  const name = new URL(request.url).pathname.slice(1) || "Home";
  const response = await options.fetch("/api/page/get", { method: "POST", body: JSON.stringify(name), headers: { "Content-Type": "application/json" } });
  if (!response.ok) return { kind: "page", status: 503, html: "try again" };
  const page = await response.json();
  return { kind: "page", status: 200, html: "<!doctype html><title>" + page.title + "</title><p>" + "x".repeat(2000) + "</p>" };
}`;

/** A content service on loopback whose titles the test edits, counting the page calls it gets. */
function contentService() {
  /** A page whose answer waits for `release` (its title is read when the call comes, as a render reads content). */
  const state = { edition: "first", calls: new Map<string, number>(), held: undefined as { name: string; release: Promise<void> } | undefined };
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      res.setHeader("Content-Type", "application/json");
      if (req.url === "/api/page/get") {
        const name = String(JSON.parse(body));
        state.calls.set(name, (state.calls.get(name) ?? 0) + 1);
        const answer = JSON.stringify({ id: 1, name, title: `${name} (${state.edition} edition)` });
        const held = state.held?.name === name ? state.held.release : Promise.resolve();
        void held.then(() => res.end(answer));
      } else res.end(JSON.stringify({ id: 7, status: "saved" }));
    });
  });
  return new Promise<{ url: string; state: typeof state; close: () => Promise<void> }>((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, state, close: () => new Promise((done) => server.close(() => done())) }),
    ),
  );
}

const title = async (site: SiteServer, path: string) => /<title>([^<]*)<\/title>/.exec((await send(site.url, { path })).body)?.[1];

/** The publish webhook's secret (32 characters or more, as every start requires). */
const publishSecret = "publish-hook-secret-of-the-cms-01";
let redis: RedisServer;
let service: Awaited<ReturnType<typeof contentService>>;
let one: SiteServer;
let two: SiteServer;
/** Instance one's warnings and errors. */
const oneLog = logCapture();

beforeAll(async () => {
  redis = await startRedis();
  service = await contentService();
  const distDir = tinyBuild(titleRenderer);
  const env = { ...process.env, CONTENT_API_BASE: service.url, REDIS_URL: redis.url, REVALIDATE_SECRET: publishSecret, LEADS_PER_MINUTE: "4", CONTENT_CACHE_SECONDS: "60" };
  [one, two] = await Promise.all([startSiteOnFixtures({ distDir, env: { ...env, LOG_LEVEL: "warn" }, logDestination: oneLog.stream }), startSiteOnFixtures({ distDir, env })]);
}, 30_000);

afterAll(async () => {
  await Promise.all([one.close(), two.close()]);
  await service.close();
  await redis.stop();
});

const revalidate = (site: SiteServer, body: unknown, secret = publishSecret) =>
  send(site.url, { method: "POST", path: "/_revalidate", headers: { ...jsonHeaders, Authorization: `Bearer ${secret}` }, body: JSON.stringify(body) });

describe("two instances sharing Redis", () => {
  it("serve a page rendered by one from the other, without a content call", async () => {
    expect(await title(one, "/Home")).toBe("Home (first edition)");
    expect(service.state.calls.get("Home")).toBe(1);
    const fromTwo = await send(two.url, { path: "/Home", headers: { "Accept-Encoding": "br" } });
    expect(fromTwo.status).toBe(200);
    expect(fromTwo.headers["content-encoding"]).toBe("br");
    expect(await title(two, "/Home")).toBe("Home (first edition)");
    expect(service.state.calls.get("Home")).toBe(1);
    expect(two.pages.loads()).toBe(0);
  });

  it("answer a page the browser has with 304, on either instance", async () => {
    const page = await send(one.url, { path: "/Home" });
    const etag = String(page.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    for (const site of [one, two]) {
      const again = await send(site.url, { path: "/Home", headers: { "If-None-Match": etag } });
      expect(again.status).toBe(304);
      expect(again.body).toBe("");
    }
  });

  it("refuse a revalidation without the secret and change nothing", async () => {
    await title(one, "/People");
    service.state.edition = "second";
    for (const answer of [await revalidate(one, "all", "guess"), await send(one.url, { method: "POST", path: "/_revalidate", headers: jsonHeaders, body: '"all"' })]) expect(answer.status).toBe(401);
    expect(await title(one, "/People")).toBe("People (first edition)");
    expect(await title(two, "/People")).toBe("People (first edition)");
  });

  it("render a page anew on both within a second of a revalidation sent to one, and say what was dropped", async () => {
    service.state.edition = "third";
    expect(await title(two, "/Home")).toBe("Home (first edition)");
    const started = performance.now();
    const answer = await revalidate(one, { pages: ["home"] });
    expect(answer.status).toBe(200);
    const receipt = JSON.parse(answer.body) as { dropped: unknown; instance: string; peersTold: number };
    expect(receipt.dropped).toEqual({ pages: ["/Home"], content: ['/api/page/get\n"Home"'] });
    expect(receipt.instance).toMatch(/^[0-9a-f-]{36}$/);
    expect(receipt.peersTold).toBe(1);
    await vi.waitFor(async () => expect([await title(one, "/Home"), await title(two, "/Home")]).toEqual(["Home (third edition)", "Home (third edition)"]), { timeout: 1000, interval: 20 });
    expect(performance.now() - started).toBeLessThan(1000);
    // Only the page named: another stays as it was until its time is up.
    expect(await title(two, "/People")).toBe("People (first edition)");
    const all = await revalidate(two, "all");
    expect((JSON.parse(all.body) as { dropped: { pages: string[] } }).dropped.pages).toEqual(expect.arrayContaining(["/Home", "/People"]));
    await vi.waitFor(async () => expect([await title(one, "/People"), await title(two, "/People")]).toEqual(["People (third edition)", "People (third edition)"]), { timeout: 1000, interval: 20 });
  });

  it("render anew on both a page whose render was in flight on the other instance when the revalidation came", async () => {
    const gate = { open: (): unknown => undefined };
    service.state.held = { name: "Press", release: new Promise<void>((done) => (gate.open = done)) };
    const inFlight = title(two, "/Press");
    await vi.waitFor(() => expect(service.state.calls.get("Press")).toBe(1), { timeout: 1000, interval: 5 });
    service.state.edition = "fourth";
    expect((await revalidate(one, { pages: ["press"] })).status).toBe(200);
    gate.open();
    // The visitor whose render was under way gets it; nobody after does.
    expect(await inFlight).toBe("Press (third edition)");
    const finished = performance.now();
    await vi.waitFor(async () => expect([await title(one, "/Press"), await title(two, "/Press")]).toEqual(["Press (fourth edition)", "Press (fourth edition)"]), { timeout: 1000, interval: 20 });
    expect(performance.now() - finished).toBeLessThan(1000);
  });

  it("answer 503 to a revalidation that could not drop every shared copy, so the content service sends it again", async () => {
    // Redis takes no writes for two seconds: each UNLINK (and the generation's INCR) times out.
    const { Redis } = await import("ioredis");
    const admin = new Redis(redis.url);
    await admin.call("CLIENT", "PAUSE", "1500", "WRITE");
    try {
      const answer = await revalidate(one, "all");
      expect(answer.status).toBe(503);
      expect(answer.headers["retry-after"]).toBeDefined();
    } finally {
      await admin.call("CLIENT", "UNPAUSE");
      admin.disconnect();
    }
    expect((await revalidate(one, "all")).status).toBe(200);
  });

  it("count the lead rate limit across both", async () => {
    const lead = (site: SiteServer, i: number) => send(site.url, { method: "POST", path: "/api/thoughtPaper/SaveUserInfo", headers: jsonHeaders, body: paperLead(`shared${i}@engines.example`), localAddress: "127.0.0.21" });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await lead(i % 2 === 0 ? one : two, i)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    const refused = await lead(two, 9);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await send(one.url, { method: "POST", path: "/api/thoughtPaper/SaveUserInfo", headers: jsonHeaders, body: paperLead("else@engines.example"), localAddress: "127.0.0.22" })).status).toBe(200);
  });

  it("keep answering pages, with a warning, when Redis goes away", async () => {
    await redis.stop();
    for (const site of [one, two]) {
      expect((await send(site.url, { path: "/Home" })).status).toBe(200);
      // A page neither has yet: rendered here, from the content service.
      expect(await title(site, "/Careers")).toBe("Careers (fourth edition)");
    }
    expect((await send(one.url, { method: "POST", path: "/api/thoughtPaper/SaveUserInfo", headers: jsonHeaders, body: paperLead("offline@engines.example"), localAddress: "127.0.0.23" })).status).toBe(200);
    expect(oneLog.lines.some((line) => line.level === 40 && /Redis .* is unreachable/.test(String(line.msg)))).toBe(true);
  });
});

describe("two instances of the fixture service sharing Redis", () => {
  it("store a lead sent to both within the minute once", async () => {
    const shared = await startRedis();
    const distDir = tinyBuild();
    const [dbOne, dbTwo] = [tempLeadsDb(), tempLeadsDb()];
    const a = await startSiteOnFixtures({ distDir, env: { ...process.env, REDIS_URL: shared.url, LEADS_DB: dbOne } });
    const b = await startSiteOnFixtures({ distDir, env: { ...process.env, REDIS_URL: shared.url, LEADS_DB: dbTwo } });
    try {
      const save = (site: SiteServer) => send(site.url, { method: "POST", path: "/api/thoughtPaper/SaveUserInfo", headers: jsonHeaders, body: paperLead("once@engines.example"), localAddress: "127.0.0.24" });
      const [first, second] = [await save(a), await save(b)];
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(JSON.parse(second.body)).toEqual(JSON.parse(first.body));
      const count = (path: string) => {
        const db = new Database(path, { readonly: true });
        try {
          return (db.prepare("SELECT count(*) AS n FROM leads").get() as { n: number }).n;
        } finally {
          db.close();
        }
      };
      expect([count(dbOne), count(dbTwo)]).toEqual([1, 0]);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await shared.stop();
    }
  }, 30_000);
});

describe("two instances forwarding leads through their own outboxes, sharing Redis", () => {
  it("deliver the same lead sent to both once (at the same moment too), different leads each, and go on taking leads when Redis goes away", async () => {
    const shared = await startRedis();
    const leadService = await startFakeContentService();
    const distDir = tinyBuild();
    // Each its own outbox file (two machines): Redis is all they share.
    const env = () => ({ ...process.env, CONTENT_API_BASE: leadService.url, REDIS_URL: shared.url, OUTBOX_DB: join(mkdtempSync(join(tmpdir(), "corvane-outbox-")), "outbox.sqlite"), LEADS_PER_MINUTE: "100" });
    const [a, b] = await Promise.all([startSiteOnFixtures({ distDir, env: env() }), startSiteOnFixtures({ distDir, env: env() })]);
    const save = (site: SiteServer, email: string) => send(site.url, { method: "POST", path: "/api/thoughtPaper/SaveUserInfo", headers: jsonHeaders, body: paperLead(email), localAddress: "127.0.0.25" });
    const delivered = (email: string) => leadService.received.filter((lead) => lead.email === email).length;
    try {
      const atOnce = await Promise.all([save(a, "both@engines.example"), save(b, "both@engines.example")]);
      expect(atOnce.map((answer) => answer.status)).toEqual([200, 200]);
      expect(delivered("both@engines.example")).toBe(1);

      await save(a, "twice@engines.example");
      const second = await save(b, "twice@engines.example");
      expect((JSON.parse(second.body) as { status: string }).status).toBe("received");
      expect(delivered("twice@engines.example")).toBe(1);

      await Promise.all([save(a, "ada@engines.example"), save(b, "grace@engines.example")]);
      expect([delivered("ada@engines.example"), delivered("grace@engines.example")]).toEqual([1, 1]);

      // Without Redis each instance checks its own outbox file: no lead is refused or lost, and a
      // repeat to the same instance is still one lead (across the two it is one each meanwhile).
      await shared.stop();
      expect((await save(a, "offline@engines.example")).status).toBe(200);
      expect((await save(b, "offline@engines.example")).status).toBe(200);
      expect((await save(a, "offline@engines.example")).status).toBe(200);
      expect(delivered("offline@engines.example")).toBe(2);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await leadService.close();
      await shared.stop();
    }
  });
});
