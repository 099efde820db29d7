import { expect, test } from "@playwright/test";
import { Redis } from "ioredis";
import { startSiteOnFixtures } from "../siteOnFixtures.ts";
import type { SiteServer } from "../../src/server/siteServer.ts";
import { startRedis, type RedisServer } from "../redisServer.ts";
import { send } from "../serverFaults.ts";
import { e2eEnv } from "./env.ts";
import { strangersAddresses } from "../../tools/strangersAddresses.ts";
import { fixedRoutes, fixtureList } from "./fixtures.ts";

/**
 * One address per page (issue 45), on the built site: another spelling is a 301 to the page's
 * address, which is the canonical link and og:url; and 10,000 distinct spellings and random
 * addresses cost no more renders than the pages they spell, with the page cache, the content
 * cache and Redis within their stated bounds (docs/security.md).
 */
const siteUrl = "https://www.corvane.example";

test("another spelling of a page is a 301 to its address, which is its canonical link and og:url", async ({ request }) => {
  const moved = await request.get("/HOME//?utm_source=mail", { maxRedirects: 0 });
  expect([moved.status(), moved.headers().location]).toEqual([301, "/Home?utm_source=mail"]);
  const detail = await request.get(`/BLOGS/${fixtureList("blogs")[0]?.anchorlink.slice(1) ?? ""}/`, { maxRedirects: 0 });
  expect([detail.status(), detail.headers().location]).toEqual([301, `/blogs/${fixtureList("blogs")[0]?.anchorlink.slice(1) ?? ""}`]);
  const page = await (await request.get("/contact-us?utm_campaign=x")).text();
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(page)?.[1] ?? "";
  expect(new URL(canonical).pathname).toBe("/contact-us");
  expect(page).toContain(`<meta property="og:url" content="${canonical}"`);
});

test.describe("strangers' addresses", () => {
  test.describe.configure({ timeout: 240_000 });
  let redis: RedisServer;
  let site: SiteServer;
  test.beforeAll(async () => {
    redis = await startRedis();
    site = await startSiteOnFixtures({ env: { ...process.env, ...e2eEnv, PORT: "0", SITE_URL: siteUrl, REDIS_URL: redis.url, METRICS_TOKEN: "m".repeat(32), LOG_LEVEL: "silent", CONTENT_CACHE_SECONDS: "3600" } });
  });
  test.afterAll(async () => {
    await site.close();
    await redis.stop();
  });

  /** Pages rendered so far (the server's own count: /metrics). */
  const renders = async () => {
    const metrics = await fetch(`${site.url}/metrics`, { headers: { Authorization: `Bearer ${"m".repeat(32)}` } }).then((answer) => answer.text());
    return Number(/^site_render_duration_seconds_count (\d+)/m.exec(metrics)?.[1] ?? "NaN");
  };

  test("10,000 distinct spellings and random addresses cost at most the canonical pages' renders, within the stated bounds", async () => {
    const pages = [...fixedRoutes.map((route) => route.path), ...fixtureList("blogs").slice(0, 3).map((item) => `/blogs${item.anchorlink}`)];
    const addresses = strangersAddresses(pages, 10_000);
    // Every page once, as a visitor finds it: what the addresses may cost at most.
    for (const page of pages) expect((await fetch(`${site.url}${page}`)).status, page).toBe(200);
    const canonicalRenders = await renders();
    const statuses = new Map<number, number>();
    for (let at = 0; at < addresses.length; at += 20) {
      // Over node:http, which sends a target in absolute form as it is (fetch would not).
      const answers = await Promise.all(addresses.slice(at, at + 20).map((path) => send(site.url, { path })));
      for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    }
    test.info().annotations.push({ type: "statuses", description: JSON.stringify(Object.fromEntries(statuses)) });
    expect(statuses.get(500) ?? 0).toBe(0);
    // Renders (the content held fresh through the run, so no page is made again for its freshness): one not-found page for the blog route, nothing else beyond the pages themselves.
    expect((await renders()) - canonicalRenders).toBeLessThanOrEqual(1);
    // The page cache: the pages and the route's not-found page, within the stated bytes.
    const held = site.pages.entries();
    expect(held.length).toBeLessThanOrEqual(pages.length + 1);
    const pageBytes = held.reduce((sum, [, page]) => sum + page.html.byteLength + page.br.byteLength + page.gzip.byteLength, 0);
    test.info().annotations.push({ type: "page cache", description: `${String(held.length)} pages, ${String(pageBytes)} bytes` });
    expect(pageBytes).toBeLessThan(128 * 1024 * 1024);
    // The content cache: bounded by entries whatever the addresses (id-0 answers included).
    const answers = site.cache.answers.entries();
    const contentBytes = answers.reduce((sum, [, answer]) => sum + answer.body.length * 2, 0);
    test.info().annotations.push({ type: "content cache", description: `${String(answers.length)} answers, ${String(contentBytes)} bytes` });
    expect(answers.length).toBeLessThanOrEqual(5000);
    expect(contentBytes).toBeLessThan(64 * 1024 * 1024);
    // Redis: the pages and the content answers they were made of; nothing for an address that is no page.
    const client = new Redis(redis.url);
    try {
      const pageKeys = await client.keys("corvane:page:*");
      const contentKeys = await client.keys("corvane:content:*");
      const used = Number(/used_memory:(\d+)/.exec(await client.info("memory"))?.[1] ?? "0");
      test.info().annotations.push({ type: "redis", description: `${String(pageKeys.length)} pages, ${String(contentKeys.length)} content answers, used_memory ${String(used)}` });
      expect(pageKeys.length).toBeLessThanOrEqual(pages.length + 1);
      expect(contentKeys.some((key) => /nope-|"\/[a-z0-9]{8}-/.test(key))).toBe(false);
      expect(contentKeys.length).toBeLessThanOrEqual(pages.length * 4 + 10);
    } finally {
      client.disconnect();
    }
  });
});
