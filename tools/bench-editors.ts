/**
 * `npm run bench:editors`: what previews and editors' redirects (CONTENT-API 9) cost a visitor on
 * a content service that offers neither (no PREVIEW_SECRET, the redirect list a 404), paired
 * against a build without them, in one run. Two production servers as built
 * (`node <dist>/server/standalone.js`), each on the embedded fixture content less its
 * redirects.json: DIST_DIR (default dist/, this checkout's `npm run build`) and BASELINE_DIST
 * (the same from the commit to compare with, docs/performance.md says how to make one).
 *
 * For each page (BENCH_PAGES, default /Home and a service page), BENCH_RENDERS rounds (default
 * 60, after 10 to warm up); each round asks both servers, in an order that alternates:
 * - the uncached answer: the page dropped by the publish webhook (not timed), then asked for
 *   with `Accept-Encoding: br` until its last byte (rendered, compressed, sent);
 * - the held answer: the same page again, from the page cache (the socket's fast path).
 * Prints each server's median and p90, the ratio of the medians and the median of the
 * per-round ratios, and the load average around the run.
 */
import { mkdtempSync, readdirSync, symlinkSync } from "node:fs";
import { request } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathTo } from "../src/content/paths.ts";
import { startChildServer, type ChildServer } from "./childServer.ts";

const baselineDist = process.env.BASELINE_DIST;
if (!baselineDist) throw new Error("BASELINE_DIST is unset: the dist/ of a build to compare with (docs/performance.md#previews-and-redirects-cost-nothing-without-them)");
const distDir = resolve(process.env.DIST_DIR ?? "dist");
const rounds = Math.max(10, Number(process.env.BENCH_RENDERS ?? 60));
const warmUp = 10;
const pages = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(",").map((path) => path.trim()).filter(Boolean) : [pathTo("home"), pathTo("brandingCreative")];
const load = () => loadavg().map((n) => n.toFixed(2)).join(" ");
const webhookSecret = "bench-editors-webhook-secret-0123456789abcdef";

/** The fixture content less its redirect list: a service offering neither extension (its drafts need a PREVIEW_SECRET neither server has). */
function fixturesWithoutExtensions(): string {
  const source = resolve("fixtures");
  const dir = mkdtempSync(join(tmpdir(), "corvane-bench-editors-"));
  for (const name of readdirSync(source)) if (name !== "redirects.json") symlinkSync(join(source, name), join(dir, name));
  return dir;
}

/** One request, read to its last byte; its time in ms. */
function timed(base: string, path: string, method = "GET", body?: string): Promise<number> {
  const { hostname, port } = new URL(base);
  const headers: Record<string, string> = body === undefined ? { "Accept-Encoding": "br" } : { "Content-Type": "application/json", Authorization: `Bearer ${webhookSecret}` };
  return new Promise((done, fail) => {
    const started = performance.now();
    request({ hostname, port, path, method, headers }, (res) => {
      res.on("data", () => undefined);
      res.on("end", () => (res.statusCode === 200 ? done(performance.now() - started) : fail(new Error(`${method} ${path}: ${String(res.statusCode)}`))));
    })
      .on("error", fail)
      .end(body);
  });
}

const uncached = async (server: ChildServer, path: string) => {
  await timed(server.url, "/_revalidate", "POST", JSON.stringify({ addresses: [path] }));
  return timed(server.url, path);
};
const held = (server: ChildServer, path: string) => timed(server.url, path);

const median = (values: readonly number[]) => quantile(values, 0.5);
function quantile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? Number.NaN;
}
const ms = (value: number) => `${value.toFixed(2)} ms`;

/** Both servers asked `rounds` times each, alternating which goes first. */
async function paired(servers: readonly [ChildServer, ChildServer], task: (server: ChildServer) => Promise<number>) {
  const times: [number[], number[]] = [[], []];
  for (let round = 0; round < warmUp + rounds; round++) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const i of order) {
      const server = servers[i];
      if (!server) continue;
      const time = await task(server);
      if (round >= warmUp) times[i]?.push(time);
    }
  }
  const ratios = times[0].map((time, i) => time / (times[1][i] ?? Number.NaN));
  return { current: times[0], baseline: times[1], ratioOfMedians: median(times[0]) / median(times[1]), medianRatio: median(ratios) };
}

console.log(`load average before: ${load()}`);
const fixtures = fixturesWithoutExtensions();
const env = (dist: string) => ({ DIST_DIR: dist, FIXTURES_DIR: fixtures, LEADS_DB: ":memory:", REDIS_URL: "", PREVIEW_SECRET: "", REVALIDATE_SECRET: webhookSecret, CONTENT_CACHE_SECONDS: "3600", NODE_ENV: "production", ALLOW_TEST_CAPTCHA: "1" });
const current = await startChildServer(env(distDir), 60_000, join(distDir, "server", "standalone.js"));
const baseline = await startChildServer(env(resolve(baselineDist)), 60_000, join(resolve(baselineDist), "server", "standalone.js"));
try {
  console.log(`current: ${distDir}; baseline: ${resolve(baselineDist)}; ${String(rounds)} rounds per line after ${String(warmUp)}\n`);
  console.log("| page | answer | current median (p90) | baseline median (p90) | ratio of medians | median of paired ratios |\n| --- | --- | --- | --- | --- | --- |");
  for (const path of pages) {
    for (const [name, task] of [
      ["uncached", (server: ChildServer) => uncached(server, path)],
      ["held", (server: ChildServer) => held(server, path)],
    ] as const) {
      const line = await paired([current, baseline], task);
      console.log(`| ${path} | ${name} | ${ms(median(line.current))} (${ms(quantile(line.current, 0.9))}) | ${ms(median(line.baseline))} (${ms(quantile(line.baseline, 0.9))}) | ${line.ratioOfMedians.toFixed(3)} | ${line.medianRatio.toFixed(3)} |`);
    }
  }
} finally {
  await Promise.all([current.stop(), baseline.stop()]);
}
console.log(`\nload average after: ${load()}`);
