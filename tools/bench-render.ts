/**
 * `npm run bench:render` (after `npm run build`; it builds its floor, tools/renderFloor.tsx, into dist/server/render-floor/): what a page costs when it is not in the page
 * cache, in this process, on the built server renderer and the fixture content (its answers warm
 * in the content cache, as on a busy server: the figure is the render's, not the service's).
 * For /Home and a service page, BENCH_RENDERS renders each (default 40, after 10 to warm up),
 * one at a time:
 *
 * - the floor: the same routing and loaders, then the same React tree through react-dom/server's
 *   synchronous `renderToString`;
 * - the render as the server does it (streamed prerender, the document around it), without
 *   compression, with the fast compression a fresh render is answered with, and with the best
 *   (brotli 11, gzip 9: what every fresh render paid before);
 * - the whole uncached answer over HTTP: the page dropped from the cache, then asked for with
 *   `Accept-Encoding: br`, until its last byte.
 *
 * Each line: median and p99 latency, and renders per second per core (renders divided by the
 * process's CPU time, which counts zlib's worker threads too). Prints the load average around it.
 */
// First: React's production build, chosen before any import loads React.
import "../src/server/productionEnv.ts";
import { existsSync } from "node:fs";
import { request } from "node:http";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createSyncFn } from "synckit";
import { pathTo } from "../src/content/paths.ts";
import { compressed } from "../src/server/http/precompress.ts";
import { pageBytes } from "../src/server/pageCache.ts";
import { loadSiteBuild } from "../src/server/renderModule.ts";
import type { ReadContentHtml } from "../src/ssr/site.ts";
import type { renderFloor as RenderFloor } from "./renderFloor.tsx";
import { startSiteOnFixtures } from "../tests/siteOnFixtures.ts";

const distDir = process.env.DIST_DIR ?? "dist";
const renders = Math.max(5, Number(process.env.BENCH_RENDERS ?? 40));
const warmUp = 10;
const pages = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(",").map((path) => path.trim()).filter(Boolean) : [pathTo("home"), pathTo("brandingCreative")];
const load = () => loadavg().map((n) => n.toFixed(2)).join(" ");

interface Line {
  medianMs: number;
  p99Ms: number;
  perCoreSecond: number;
}

/** `task` run `renders` times one after the other (after the warm-up): latency and renders per CPU second. */
async function measure(task: () => Promise<unknown>): Promise<Line> {
  for (let i = 0; i < warmUp; i++) await task();
  const times: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < renders; i++) {
    const started = performance.now();
    await task();
    times.push(performance.now() - started);
  }
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.ceil(share * times.length) - 1)] ?? 0;
  return { medianMs: round(at(0.5)), p99Ms: round(at(0.99)), perCoreSecond: round(renders / ((cpu.user + cpu.system) / 1e6)) };
}

const round = (value: number) => Number(value.toFixed(1));

/** The body of `path` asked for with brotli accepted, read to its end; its length. */
function getBrotli(base: string, path: string): Promise<number> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    request({ hostname, port, path, headers: { "Accept-Encoding": "br" }, agent: false }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.byteLength));
      res.on("end", () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${path}: ${String(res.statusCode)}`))));
    })
      .on("error", reject)
      .end();
  });
}

console.log(`load average before: ${load()}`);
// Content HTML read as the production server reads it: in its worker (src/ssr/htmlWorker.ts). The
// render bundle is one module in this process, so the server started below reads it there too.
const contentHtml = createSyncFn<ReadContentHtml>(pathToFileURL(resolve(distDir, "server/html-worker.js")), { timeout: 60_000 });
const build = await loadSiteBuild(distDir, contentHtml);
const floorBundle = resolve(distDir, "server/render-floor/render-floor.js");
if (!existsSync(floorBundle)) throw new Error(`${floorBundle} is missing: run "npm run bench:render", which builds it`);
const { renderFloor } = (await import(pathToFileURL(floorBundle).href)) as { renderFloor: typeof RenderFloor };
const site = await startSiteOnFixtures({ distDir, env: { LOG_LEVEL: "warn", ...process.env, LEADS_DB: ":memory:", CONTENT_CACHE_SECONDS: "3600", REDIS_URL: "" } });
const options = { fetch: site.cache.fetch, siteUrl: site.url };
const render = async (path: string) => {
  const document = await build.site.renderServedPage(new Request(new URL(path, site.url)), options);
  if (document.kind !== "page" || document.status !== 200) throw new Error(`${path}: not a page (${document.kind})`);
  return document;
};

try {
  for (const path of pages) {
    const document = await render(path);
    const html = Buffer.from(document.html);
    const [fast, best] = [await compressed(html, "fast"), await compressed(html, "best")];
    const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
    console.log(`\n${path}: HTML ${kB(html.byteLength)}; brotli ${kB(fast.br.byteLength)} fast, ${kB(best.br.byteLength)} best; gzip ${kB(fast.gzip.byteLength)} fast, ${kB(best.gzip.byteLength)} best`);
    // The same tree: renderToString's markup is the document's #root (less the image preloads React writes first).
    const floorHtml = (await renderFloor(new Request(new URL(path, site.url)), options)).html;
    console.log(`  renderToString's markup ${kB(Buffer.byteLength(floorHtml))}, found in the document: ${String(document.html.includes(floorHtml.replace(/^(?:<link\b[^>]*\/?>)+/, "")))}`);
    let routeMs = 0;
    let reactMs = 0;
    const lines: [string, Line][] = [
      [
        "floor: routing + renderToString",
        await measure(async () => {
          const floor = await renderFloor(new Request(new URL(path, site.url)), options);
          routeMs += floor.routeMs;
          reactMs += floor.reactMs;
        }),
      ],
      ["render, no compression", await measure(() => render(path))],
      ["render + fast compression (served now)", await measure(async () => pageBytes(await render(path), []))],
      ["render + best compression (before)", await measure(async () => compressed(Buffer.from((await render(path)).html), "best"))],
      [
        "uncached answer over HTTP (br)",
        await measure(async () => {
          site.pages.dropHere([path]);
          await getBrotli(site.url, path);
        }),
      ],
    ];
    const runs = renders + warmUp;
    console.log(`  of the floor: routing and loaders ${round(routeMs / runs).toString()} ms, renderToString ${round(reactMs / runs).toString()} ms (means)`);
    console.log("  | measure | median | p99 | renders/s per core |\n  | --- | --- | --- | --- |");
    for (const [name, line] of lines) console.log(`  | ${name} | ${line.medianMs.toString()} ms | ${line.p99Ms.toString()} ms | ${line.perCoreSecond.toString()} |`);
  }
} finally {
  await site.close();
}
console.log(`\nload average after: ${load()}`);
