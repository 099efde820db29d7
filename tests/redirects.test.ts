// @vitest-environment node
/**
 * Redirects kept by editors in the content service (CONTENT-API 9), on two instances of the
 * production server sharing a real Redis, the built renderer and the fixture content served over
 * HTTP: followed after the address is read and before the route table, never away from a fixed
 * address, loops refused, a new one followed on every instance within a second of the webhook,
 * and the sitemap without the addresses moved away. What the export writes is
 * tools/exportSite.test.ts's.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startSiteOnFixtures } from "./siteOnFixtures.ts";
import type { SiteServer } from "../src/server/siteServer.ts";
import { fixtureContentOverHttp } from "./contentService.ts";
import { startRedis, type RedisServer } from "./redisServer.ts";
import { jsonHeaders, logCapture, send, tempLeadsDb } from "./serverFaults.ts";

const webhookSecret = "the-publish-webhook-secret-0123456789abcd";
let redis: RedisServer;
let service: Awaited<ReturnType<typeof fixtureContentOverHttp>>;
let one: SiteServer;
let two: SiteServer;
const log = logCapture();
const fixtureRedirects = [
  { from: "/insights/future-of-shared-services", to: "/blogs/future-of-shared-services", status: 301 },
  { from: "/news/shared-services", to: "/insights/future-of-shared-services", status: 301 },
];

const publish = (site: SiteServer, body: unknown) => send(site.url, { method: "POST", path: "/_revalidate", headers: { ...jsonHeaders, Authorization: `Bearer ${webhookSecret}` }, body: JSON.stringify(body) });
const answer = async (site: SiteServer, path: string) => {
  const { status, headers } = await send(site.url, { path });
  return { status, location: headers.location };
};

beforeAll(async () => {
  redis = await startRedis();
  service = await fixtureContentOverHttp("a-preview-secret-the-test-does-not-use-000");
  service.state.redirects = fixtureRedirects;
  const env = { ...process.env, CONTENT_API_BASE: service.url, REDIS_URL: redis.url, REVALIDATE_SECRET: webhookSecret, CONTENT_CACHE_SECONDS: "600" };
  [one, two] = await Promise.all([
    startSiteOnFixtures({ env: { ...env, LEADS_DB: tempLeadsDb(), OUTBOX_DB: `${tempLeadsDb()}.outbox`, LOG_LEVEL: "warn" }, logDestination: log.stream }),
    startSiteOnFixtures({ env: { ...env, LEADS_DB: tempLeadsDb(), OUTBOX_DB: `${tempLeadsDb()}.outbox`, LOG_LEVEL: "silent" } }),
  ]);
}, 30_000);

afterAll(async () => {
  await Promise.all([one.close(), two.close()]);
  await service.close();
  await redis.stop();
});

beforeEach(async () => {
  service.state.redirects = fixtureRedirects;
  service.state.redirectsStatus = 200;
  expect((await publish(one, { redirects: true })).status).toBe(200);
});

describe("redirects kept by editors", () => {
  it("take an old blog address to the new one in one hop, its query kept, on both instances", async () => {
    for (const site of [one, two]) {
      expect(await answer(site, "/Insights/Future-Of-Shared-Services/?utm_source=mail")).toEqual({ status: 301, location: "/blogs/future-of-shared-services?utm_source=mail" });
      expect(await answer(site, "/news/shared-services")).toEqual({ status: 301, location: "/blogs/future-of-shared-services" });
    }
    // The list was read from the service once, by one instance; the other took it from Redis.
    const reads = service.state.calls.filter((call) => call.path === "/api/redirect/GetRedirectList").length;
    await answer(two, "/news/shared-services");
    expect(service.state.calls.filter((call) => call.path === "/api/redirect/GetRedirectList").length).toBe(reads);
  });

  it("follow a redirect added in the content service within a second of the webhook, on every instance, even for a page they hold", async () => {
    for (const site of [one, two]) expect((await answer(site, "/Feedback")).status).toBe(200);
    service.state.redirects = [...fixtureRedirects, { from: "/feedback", to: "/contact-us", status: 308 }];
    const started = performance.now();
    const receipt = await publish(one, { redirects: true });
    expect(receipt.status).toBe(200);
    expect(JSON.parse(receipt.body)).toMatchObject({ dropped: { redirects: 3 } });
    await vi.waitFor(async () => expect([await answer(one, "/Feedback"), await answer(two, "/Feedback")]).toEqual([{ status: 308, location: "/contact-us" }, { status: 308, location: "/contact-us" }]), { timeout: 1000, interval: 10 });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("cannot take a fixed address of the route table away, and say so in the log", async () => {
    service.state.redirects = [{ from: "/About-Us/", to: "/People", status: 301 }, { from: "/Home", to: "/elsewhere", status: 302 }];
    await publish(one, { redirects: true });
    expect(await answer(one, "/about-us")).toEqual({ status: 200, location: undefined });
    expect(await answer(two, "/Home")).toEqual({ status: 200, location: undefined });
    expect(log.lines.some((line) => /redirect not followed, `from` is a fixed address of the route table: .*About-Us/.test(String(line.msg)))).toBe(true);
  });

  it("refuse a loop and a redirect to itself, without a 5xx", async () => {
    service.state.redirects = [
      { from: "/loop-a", to: "/loop-b", status: 301 },
      { from: "/loop-b", to: "/loop-a/", status: 302 },
      { from: "/self", to: "/SELF", status: 301 },
    ];
    await publish(one, { redirects: true });
    for (const path of ["/loop-a", "/loop-b", "/self"]) {
      // The catch-all, as without a redirect: the service has no such page, so home.
      expect(await answer(one, path)).toEqual({ status: 302, location: "/" });
    }
    expect(log.lines.some((line) => /redirect not followed, a loop: \/loop-a → \/loop-b → \/loop-a\//.test(String(line.msg)))).toBe(true);
  });

  it("keep the last list while the service fails, and none when it answers 404 or no list", async () => {
    service.state.redirectsStatus = 500;
    await publish(one, { redirects: true });
    expect(await answer(one, "/news/shared-services")).toEqual({ status: 301, location: "/blogs/future-of-shared-services" });
    service.state.redirectsStatus = 404;
    await publish(one, { redirects: true });
    expect(await answer(one, "/news/shared-services")).toEqual({ status: 302, location: "/" });
    service.state.redirectsStatus = 200;
    service.state.redirects = { redirects: fixtureRedirects };
    await publish(one, { redirects: true });
    expect(await answer(two, "/news/shared-services")).toEqual({ status: 302, location: "/" });
  });

  it("leave the addresses they move out of the sitemap", async () => {
    expect((await send(one.url, { path: "/sitemap.xml" })).body).toContain("/Feedback</loc>");
    service.state.redirects = [{ from: "/feedback", to: "/contact-us", status: 301 }];
    await publish(one, { redirects: true });
    const sitemap = (await send(one.url, { path: "/sitemap.xml" })).body;
    expect(sitemap).not.toContain("/Feedback</loc>");
    expect(sitemap).toContain("/contact-us</loc>");
  });
});
