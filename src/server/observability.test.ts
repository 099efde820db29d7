// @vitest-environment node
/**
 * What an operator sees of a running server: one log line per request (whoever answered it,
 * held pages included) holding nothing a visitor typed, and /metrics, on its own port or behind a
 * token, whose counters move with the requests.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonHeaders, logCapture, send, tempLeadsDb, tinyBuild } from "../../tests/serverFaults.ts";
import { startSiteOnFixtures } from "../../tests/siteOnFixtures.ts";
import { logLevelFromEnv } from "./requestLog.ts";
import type { SiteServer } from "./siteServer.ts";

/** The value of a sample in Prometheus's text format, e.g. `site_page_cache_total{outcome="hit"}`; 0 when absent. */
function sample(exposition: string, name: string): number {
  const line = exposition.split("\n").find((row) => row.startsWith(`${name} `));
  return line ? Number(line.slice(name.length + 1)) : 0;
}

/** Asks the content service for the page at its path (so renders use the content cache); 404 for /no-such-page. */
const renderer = `async function renderDocument(request, options) {
  const path = new URL(request.url).pathname;
  if (path === "/no-such-page") return { kind: "page", status: 404, html: "not found" };
  await options.fetch("/api/page/get", { method: "POST", body: JSON.stringify(path.slice(1)), headers: { "Content-Type": "application/json" } });
  return { kind: "page", status: 200, html: options.template };
}`;

const token = "a-long-random-metrics-token-0123456789";
const log = logCapture();
let site: SiteServer;
let metricsSite: SiteServer;
beforeAll(async () => {
  site = await startSiteOnFixtures({ distDir: tinyBuild(renderer), logDestination: log.stream, env: { ...process.env, LOG_LEVEL: "info", LEADS_DB: tempLeadsDb(), REDIS_URL: "", METRICS_TOKEN: token } });
  metricsSite = await startSiteOnFixtures({ distDir: tinyBuild(renderer), env: { ...process.env, LEADS_DB: tempLeadsDb(), REDIS_URL: "", METRICS_PORT: "0" } });
});
afterAll(() => Promise.all([site.close(), metricsSite.close()]));

/** The log lines of requests whose answer carried `id`. */
const lineOf = async (id: unknown) => {
  await expect.poll(() => log.lines.some((line) => line.reqId === id)).toBe(true);
  return log.lines.find((line) => line.reqId === id);
};

describe("the request log", () => {
  it("writes one line per request: id, method, path without its query, status, time, and for a page whether the cache had it", async () => {
    const miss = await send(site.url, { path: "/People?utm_source=mail&email=ada@example.com" });
    const hit = await send(site.url, { path: "/People?utm_source=mail&email=ada@example.com" });
    const missing = await send(site.url, { path: "/no-such-page?token=secret" });
    expect(await lineOf(miss.headers["x-request-id"])).toMatchObject({ level: 30, msg: "request", method: "GET", path: "/People", kind: "page", status: 200, cache: "miss" });
    // The second was answered before Fastify, from the held page: its line is written all the same.
    expect(await lineOf(hit.headers["x-request-id"])).toMatchObject({ path: "/People", status: 200, cache: "hit" });
    expect(await lineOf(missing.headers["x-request-id"])).toMatchObject({ path: "/no-such-page", status: 404 });
    const line = await lineOf(miss.headers["x-request-id"]);
    expect(typeof line?.ms).toBe("number");
    expect(typeof line?.time).toBe("string");
    expect(log.raw.filter((raw) => raw.includes(String(miss.headers["x-request-id"])))).toHaveLength(1);
  });

  it("logs a lead call without its body or its query, and writes nothing a visitor typed", async () => {
    const body = JSON.stringify({ name: "Ada Lovelace", organisation: "Engines", email: "ada@engines.example", contactNumber: "4045550142", message: "private words" });
    const answer = await send(site.url, { method: "POST", path: "/api/contactus/create?ref=private-ref", headers: jsonHeaders, body });
    expect(await lineOf(answer.headers["x-request-id"])).toMatchObject({ method: "POST", path: "/api/contactus/create", kind: "api" });
    const everything = log.raw.join("\n");
    for (const typed of ["Ada Lovelace", "ada@engines.example", "4045550142", "private words", "private-ref", "ada@example.com", "utm_source", "token=secret"]) expect(everything).not.toContain(typed);
  });

  it("takes LOG_LEVEL, is silent under the unit tests unless told, and refuses a level it does not know", () => {
    expect(logLevelFromEnv({ LOG_LEVEL: "warn" })).toBe("warn");
    expect(logLevelFromEnv({})).toBe("info");
    expect(logLevelFromEnv({ VITEST: "true" })).toBe("silent");
    expect(() => logLevelFromEnv({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL: "loud" is not one of/);
  });
});

describe("/metrics", () => {
  const scrape = async (url: string, headers: Record<string, string> = {}) => send(url, { path: "/metrics", headers });

  it("is refused without the token (401), and on the public port only with METRICS_TOKEN set", async () => {
    expect((await scrape(site.url)).status).toBe(401);
    expect((await scrape(site.url, { Authorization: "Bearer wrong" })).status).toBe(401);
    expect((await scrape(site.url, { Authorization: `Bearer ${token}` })).status).toBe(200);
    // No token: the public port has no /metrics (it is an address like any other, for the page route).
    expect((await send(metricsSite.url, { path: "/metrics" })).body).not.toContain("site_page_cache_total");
  });

  it("is not started with a token shorter than 32 characters (nor the publish webhook with such a secret)", async () => {
    await expect(startSiteOnFixtures({ distDir: tinyBuild(renderer), env: { ...process.env, LEADS_DB: tempLeadsDb(), METRICS_TOKEN: "abc" } })).rejects.toThrow(/^Refusing to start: METRICS_TOKEN is set but it is 3 characters long/);
    await expect(startSiteOnFixtures({ distDir: tinyBuild(renderer), env: { ...process.env, LEADS_DB: tempLeadsDb(), REVALIDATE_SECRET: "hook" } })).rejects.toThrow(/^Refusing to start: REVALIDATE_SECRET is set but it is 4 characters long/);
  });

  it("counts page cache hits and misses, renders, content answers and requests", async () => {
    const before = (await scrape(site.url, { Authorization: `Bearer ${token}` })).body;
    await send(site.url, { path: "/about-us" });
    await send(site.url, { path: "/about-us" });
    const after = (await scrape(site.url, { Authorization: `Bearer ${token}` })).body;
    const moved = (name: string) => sample(after, name) - sample(before, name);
    expect(moved('site_page_cache_total{outcome="miss"}')).toBe(1);
    expect(moved('site_page_cache_total{outcome="hit"}')).toBe(1);
    expect(moved("site_render_duration_seconds_count")).toBe(1);
    expect(moved('site_content_cache_total{outcome="miss"}') + moved('site_content_cache_total{outcome="hit"}')).toBeGreaterThan(0);
    expect(moved('site_request_duration_seconds_count{kind="page",status="2xx"}')).toBe(2);
    expect(after).toContain("nodejs_eventloop_lag_seconds");
    expect(after).toContain("site_lead_outbox_pending 0");
    // No REDIS_URL: no Redis figure to mislead.
    expect(after).not.toContain("site_redis_connected");
  });

  it("is served on METRICS_PORT's own listener, which answers nothing else", async () => {
    const url = metricsSite.metricsUrl;
    if (url === null) throw new Error("METRICS_PORT set, no metrics listener");
    await send(metricsSite.url, { path: "/Home" });
    const answer = await send(url, { path: "/metrics" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sample(answer.body, 'site_page_cache_total{outcome="miss"}')).toBe(1);
    expect((await send(url, { path: "/Home" })).status).toBe(404);
  });
});
