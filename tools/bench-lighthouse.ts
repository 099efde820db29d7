/**
 * `npm run bench:lighthouse` (after `npm run build`): Lighthouse mobile performance (its default
 * simulated slow-4G throttling) of /Home, a service page and two pages whose first screen is a
 * panel's or a card's photograph, served by `npm run serve` and as
 * exported static files. Lighthouse is run with npx at the pinned version, so the test install
 * stays light; Chromium is Debian's (CHROMIUM_PATH). A benchmark, not a test: it prints figures
 * (median of LH_RUNS runs, default 3) and exits 0.
 */
// First: React's production build, chosen before any import loads React.
import "../src/server/productionEnv.ts";
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import sirv from "sirv";
import { pathTo } from "../src/content/paths.ts";
import { startSiteOnFixtures } from "../fixture-service/site.ts";
import { exportSite } from "./exportSite.ts";

const lighthouseVersion = "12.8.2";
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const runs = Math.max(1, Number(process.env.LH_RUNS ?? 3));
/**
 * LH_PAGES: site paths, comma-separated (e.g. "/photographs", the page of photographs; docs/media.md).
 * By default /Home, a service page, and two pages whose first screen holds a photograph that is not
 * a hero's: a panel's (/our-studios) and a card's (/success-stories) (docs/performance.md).
 */
const pages = process.env.LH_PAGES ? process.env.LH_PAGES.split(",").map((path) => path.trim()).filter(Boolean) : [pathTo("home"), pathTo("brandingCreative"), "/our-studios", "/success-stories"];
/** The image audits docs/media.md asks to pass, printed per run. */
const imageAudits = ["uses-responsive-images", "modern-image-formats", "lcp-discovery-insight"];

interface Figures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

const run = promisify(execFile);

async function lighthouse(url: string): Promise<Figures> {
  const output = join(mkdtempSync(join(tmpdir(), "lh-")), "report.json");
  await run(
    "npx",
    [
      "--yes",
      `lighthouse@${lighthouseVersion}`,
      url,
      "--only-categories=performance",
      "--output=json",
      `--output-path=${output}`,
      `--chrome-path=${chromium}`,
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
      "--quiet",
    ],
    { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, CHROME_PATH: chromium } },
  );
  const report = JSON.parse(readFileSync(output, "utf8")) as {
    categories: { performance: { score: number } };
    audits: Record<string, { numericValue?: number; score?: number | null }>;
  };
  console.log(`  ${url}: ${imageAudits.map((id) => `${id} ${String(report.audits[id]?.score ?? "n/a")}`).join(", ")}`);
  const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcp: value("first-contentful-paint"),
    lcp: value("largest-contentful-paint"),
    tbt: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
  };
}

/** Lighthouse itself fails a run now and then (NO_NAVSTART, an interstitial): such a run is made again, up to twice. */
async function lighthouseRetried(url: string): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouse(url);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`  ${url}: Lighthouse failed (${error instanceof Error ? (error.message.split("\n")[1] ?? error.message) : String(error)}), run again`);
    }
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function measure(label: string, base: string) {
  for (const path of pages) {
    const results: Figures[] = [];
    for (let i = 0; i < runs; i++) results.push(await lighthouseRetried(`${base}${path}`));
    const pick = (key: keyof Figures) => median(results.map((r) => r[key]));
    // Each run's score too: on a shared machine single runs scatter (CPU time is scaled 4x).
    console.log(
      `| ${label} | ${path} | ${pick("score")} | ${(pick("fcp") / 1000).toFixed(2)} s | ${(pick("lcp") / 1000).toFixed(2)} s | ${Math.round(pick("tbt"))} ms | ${pick("cls").toFixed(3)} | ${results.map((r) => r.score).join(", ")} |`,
    );
  }
}

console.log(`Lighthouse ${lighthouseVersion}, mobile, simulated throttling, median of ${runs}`);
console.log("| site | page | score | FCP | LCP | TBT | CLS | scores of the runs |\n| --- | --- | --- | --- | --- | --- | --- | --- |");

/**
 * Each page and every file it names, asked for a few times before the runs. The server runs on the
 * two cores the measuring Chromium runs on, so work a deployed server does on its own machine would
 * lengthen the phone's tasks that Lighthouse multiplies by 4: rendering a page (and rendering it again
 * once stale: about 250 ms of CPU for /Home), and a cold process's first answers (a page load's 22
 * requests cost the fresh server 780 ms of CPU, then 260, 100 and 60 ms on the next loads).
 */
async function warm(base: string) {
  for (const path of pages) {
    const html = await (await fetch(`${base}${path}`)).text();
    // In attributes, boot.ts's lists of chunks and inline styles' url(): up to a quote, comma, space, bracket or entity.
    const files = new Set([...html.matchAll(/\/(?:assets|images|_media)\/[^"'?#,\s)&]+/g)].map((match) => match[0]));
    for (let round = 0; round < 3; round++) for (const file of files) await (await fetch(`${base}${file}`, { headers: { "Accept-Encoding": "br, gzip" } })).arrayBuffer();
  }
}

// Kept fresh through the runs (CONTENT_CACHE_SECONDS), as a busy site's pages are.
const served = await startSiteOnFixtures({ env: { LOG_LEVEL: "warn", ...process.env, LEADS_DB: ":memory:", CONTENT_CACHE_SECONDS: "3600" } });
try {
  await warm(served.url);
  await measure("npm run serve", served.url);
} finally {
  await served.close();
}

// Beside dist/, so the server build finds its packages (node_modules) as it does there.
const exported = join(mkdtempSync("dist.lighthouse-"), "dist");
cpSync("dist", exported, { recursive: true });
const report = await exportSite({ distDir: exported, env: { ...process.env, LEADS_DB: ":memory:" }, log: () => undefined });
if (report.failed.length > 0) throw new Error(`export failed: ${report.failed.map((f) => `${f.address}: ${f.why}`).join("; ")}`);
// A static host as one would run it: <path>/index.html, compressed files where the build wrote them.
const files = sirv(exported, { single: true, brotli: true, gzip: true, setHeaders: (res, pathname) => res.setHeader("Cache-Control", pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate") });
const host = createServer((req, res) => files(req, res));
await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
try {
  await warm(`http://localhost:${(host.address() as AddressInfo).port}`);
  await measure("npm run export (static)", `http://localhost:${(host.address() as AddressInfo).port}`);
} finally {
  host.close();
  rmSync(join(exported, ".."), { recursive: true, force: true });
}
