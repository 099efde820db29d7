/**
 * `NODE_OPTIONS=--expose-gc npx tsx tools/bench-addresses.ts` (after `npm run build`): what strangers' addresses cost the
 * built server (docs/security.md, "What an address costs"). The site on the fixture service with
 * a real Redis (Debian's redis-server); every page of the site visited once, then 10,000 distinct
 * spellings of those pages (letter case, escaped letters, doubled and trailing slashes, a target
 * in absolute form for another host), random detail and catch-all addresses and random query
 * strings (tools/strangersAddresses.ts), the content held fresh throughout (no render for freshness). Prints one JSON line: renders, the page cache, the content cache and Redis before and
 * after the strangers, the answers' statuses, the server's RSS and the load average.
 */
import { loadavg } from "node:os";
import { Redis } from "ioredis";
import { startSiteOnFixtures } from "../tests/siteOnFixtures.ts";
import { startRedis } from "../tests/redisServer.ts";
import { send } from "../tests/serverFaults.ts";
import { strangersAddresses } from "./strangersAddresses.ts";

const token = "b".repeat(32);
const redis = await startRedis();
const site = await startSiteOnFixtures({ env: { ...process.env, ALLOW_FIXTURE_CONTENT: "1", ALLOW_TEST_CAPTCHA: "1", SITE_URL: "https://www.corvane.example", REDIS_URL: redis.url, METRICS_TOKEN: token, LOG_LEVEL: "silent", LEADS_DB: ":memory:", CONTENT_CACHE_SECONDS: "3600" } });
const client = new Redis(redis.url);

const renders = async () => Number(/^site_render_duration_seconds_count (\d+)/m.exec((await send(site.url, { path: "/metrics", headers: { Authorization: `Bearer ${token}` } })).body)?.[1] ?? "NaN");
const state = async () => {
  // With NODE_OPTIONS=--expose-gc, the heap is measured after a collection: what is held, not what awaits collecting.
  (globalThis as { gc?: () => void }).gc?.();
  const pages = site.pages.entries();
  const answers = site.cache.answers.entries();
  return {
    renders: await renders(),
    pageCache: { entries: pages.length, bytes: pages.reduce((sum, [, page]) => sum + page.html.byteLength + page.br.byteLength + page.gzip.byteLength, 0) },
    contentCache: { entries: answers.length, bytes: answers.reduce((sum, [, answer]) => sum + answer.body.length * 2, 0) },
    redis: { pages: (await client.keys("corvane:page:*")).length, content: (await client.keys("corvane:content:*")).length, keys: await client.dbsize(), usedBytes: Number(/used_memory:(\d+)/.exec(await client.info("memory"))?.[1] ?? "0") },
    rssMb: Math.round(process.memoryUsage().rss / 1024 / 1024),
    heapUsedMb: Math.round(process.memoryUsage().heapUsed / 1024 / 1024),
  };
};

try {
  const pages = await listedPages();
  for (const page of pages) await send(site.url, { path: page });
  const visited = await state();
  const started = performance.now();
  const statuses: Record<string, number> = {};
  const addresses = strangersAddresses(pages, 10_000);
  for (let at = 0; at < addresses.length; at += 20) {
    for (const { status } of await Promise.all(addresses.slice(at, at + 20).map((path) => send(site.url, { path })))) statuses[status] = (statuses[status] ?? 0) + 1;
  }
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  console.log(JSON.stringify({ pages: pages.length, strangers: addresses.length, seconds, statuses, visited, after: await state(), loadAverage: loadavg().map((n) => n.toFixed(2)).join(" ") }));
} finally {
  client.disconnect();
  await site.close();
  await redis.stop();
}

/** The site's own addresses, as its sitemap lists them. */
async function listedPages(): Promise<string[]> {
  const sitemap = (await send(site.url, { path: "/sitemap.xml" })).body;
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "/").pathname);
}
