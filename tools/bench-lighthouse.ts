/**
 * `npm run bench:lighthouse` (after `npm run build`): Lighthouse mobile performance (its default
 * simulated slow-4G throttling and 4x CPU slowdown) of /Home, a service page and /our-studios (a
 * panel's photograph first), served by `npm run serve` and as exported static files. Each page is
 * measured twice in one run: as built, and with its module script removed (the control: the same
 * HTML, styles, pictures and page data, none of the app's code), alternating, LH_RUNS times each
 * (default 9). It prints the medians of both and the difference: what the script costs is read
 * against a control measured by the same Chromium on the same machine in the same minutes, so a
 * browser's or the machine's change shows in both columns. The load average is printed with each
 * page. Lighthouse is run with npx at the pinned version, so the test install stays light; Chromium
 * is Debian's (CHROMIUM_PATH). A benchmark, not a test: it prints figures and exits 0.
 *
 * LH_PAGES: site paths, comma-separated. LH_SITES: `served`, `exported` or both (the default).
 * LH_RUNS: runs of each variant. LH_LONG_TASKS=1: each run's long tasks as Lighthouse saw them.
 * LH_BASELINE: an earlier build (a copy of its dist/ beside it, e.g. dist.before/) measured too, in
 * the same alternation, to tell whether a change pays. DIST_DIR: the build measured (default dist).
 */
// First: React's production build, chosen before any import loads React.
import "../src/server/productionEnv.ts";
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { pathTo } from "../src/content/paths.ts";
import { exportedSite, servedSite, warm, withControl, type BenchSite } from "./benchSites.ts";

const lighthouseVersion = "12.8.2";
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const runs = Math.max(1, Number(process.env.LH_RUNS ?? 9));
const pages = process.env.LH_PAGES ? process.env.LH_PAGES.split(",").map((path) => path.trim()).filter(Boolean) : [pathTo("home"), pathTo("brandingCreative"), "/our-studios"];
const sites = (process.env.LH_SITES ?? "served,exported").split(",").map((site) => site.trim());
const showLongTasks = process.env.LH_LONG_TASKS === "1";
/** The image audits docs/media.md asks to pass: a run where one fails is reported. */
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
  const folder = mkdtempSync(join(tmpdir(), "lh-"));
  const output = join(folder, "report.json");
  try {
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
      audits: Record<string, { numericValue?: number; score?: number | null; details?: { items?: { url?: string; startTime?: number; duration?: number }[] } }>;
    };
    const failing = imageAudits.filter((id) => report.audits[id]?.score === 0);
    if (failing.length > 0) console.log(`  ${url}: image audits failing: ${failing.join(", ")}`);
    if (showLongTasks) {
      const tasks = report.audits["long-tasks"]?.details?.items ?? [];
      console.log(`  ${url}: long tasks ${tasks.map((task) => `${String(Math.round(task.startTime ?? 0))}+${String(Math.round(task.duration ?? 0))} ${(task.url ?? "").split("/").pop() ?? ""}`).join(", ")}`);
    }
    const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round(report.categories.performance.score * 100),
      fcp: value("first-contentful-paint"),
      lcp: value("largest-contentful-paint"),
      tbt: value("total-blocking-time"),
      cls: value("cumulative-layout-shift"),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
};
const load = () => loadavg().map((value) => value.toFixed(2)).join(" ");
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const runsOf = (results: Figures[]) => results.map((r) => `${String(r.score)}/${String(Math.round(r.tbt))}`).join(", ");

async function measure(site: BenchSite, earlier: BenchSite | null): Promise<string[]> {
  const proxy = await withControl(site.url);
  // Through the same kind of proxy, so every variant has the same hop.
  const earlierProxy = earlier ? await withControl(earlier.url) : null;
  const lines: string[] = [];
  try {
    await warm(proxy.asBuilt, pages);
    await warm(proxy.control, pages);
    if (earlierProxy) await warm(earlierProxy.asBuilt, pages);
    for (const path of pages) {
      const loadBefore = load();
      const variants = [
        { url: proxy.asBuilt, results: [] as Figures[] },
        { url: proxy.control, results: [] as Figures[] },
        ...(earlierProxy ? [{ url: earlierProxy.asBuilt, results: [] as Figures[] }] : []),
      ];
      for (let i = 0; i < runs; i++) {
        // Alternating, and which goes first turns too, so a drift of the machine's load falls on each.
        for (let k = 0; k < variants.length; k++) {
          const variant = variants[(i + k) % variants.length];
          if (variant) variant.results.push(await lighthouseRetried(`${variant.url}${path}`));
        }
      }
      const [built = [], control = [], before] = variants.map((variant) => variant.results);
      const pick = (results: Figures[], key: keyof Figures) => median(results.map((r) => r[key]));
      const tbtAdded = pick(built, "tbt") - pick(control, "tbt");
      const line = `| ${site.label} | ${path} | ${String(pick(built, "score"))} / ${String(pick(control, "score"))} | ${String(Math.round(pick(built, "tbt")))} / ${String(Math.round(pick(control, "tbt")))} ms | **${String(Math.round(tbtAdded))} ms** | ${seconds(pick(built, "fcp"))} / ${seconds(pick(control, "fcp"))} | ${seconds(pick(built, "lcp"))} / ${seconds(pick(control, "lcp"))} | ${pick(built, "cls").toFixed(3)} / ${pick(control, "cls").toFixed(3)} | ${runsOf(built)} | ${runsOf(control)} |${before ? ` ${String(pick(before, "score"))}, ${String(Math.round(pick(before, "tbt") - pick(control, "tbt")))} ms, FCP ${seconds(pick(before, "fcp"))}, LCP ${seconds(pick(before, "lcp"))} (${runsOf(before)}) |` : ""} ${loadBefore} → ${load()} |`;
      console.log(line);
      lines.push(line);
    }
  } finally {
    await proxy.close();
    await earlierProxy?.close();
  }
  return lines;
}

const baseline = process.env.LH_BASELINE;
const header = [
  `Lighthouse ${lighthouseVersion}, mobile, simulated throttling; median of ${String(runs)} runs as built and ${String(runs)} of the control (module script removed), alternating`,
  `| site | page | score, built / control | TBT, built / control | TBT the script adds | FCP | LCP | CLS | runs as built (score/TBT) | runs of the control |${baseline ? ` the build in ${baseline}: score, TBT it adds, FCP, LCP (runs) |` : ""} load average (1, 5, 15 min) before → after |`,
  `| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |${baseline ? " --- |" : ""} --- |`,
];
console.log(header.join("\n"));
const all: string[] = [];
for (const which of sites) {
  const open = (dir?: string) => (which === "exported" ? exportedSite(dir) : servedSite(dir));
  const site = await open();
  const earlier = baseline ? await open(baseline) : null;
  try {
    all.push(...(await measure(site, earlier)));
  } finally {
    await site.close();
    await earlier?.close();
  }
}
console.log(`\n${header.join("\n")}\n${all.join("\n")}`);
