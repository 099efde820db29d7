/**
 * `npm run size`: the JavaScript a first visit downloads before the page answers, gzip,
 * measured in real Chromium against the production build in dist/ served by the production
 * server. The page's text shows from the server's HTML before any script; "before the page
 * answers" is every script requested before the `content-shown` mark, set when the page's
 * shell has hydrated (or, in the browser's own rendering, when its content shows). What
 * src/boot.ts prefetches for after the shell (the blocks below the fold, the footer) and what is
 * requested after the mark are reported separately. Fails above the budget, and when
 * any file of the build carries the layout inspector's marker (the inspector is dev-only).
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { pathTo } from "../src/content/paths.ts";
import { CONTENT_SHOWN_MARK } from "../src/runtime/PageRenderer.tsx";
import { startSiteOnFixtures } from "../fixture-service/site.ts";
import { INSPECTOR_MARKER } from "../src/inspector/marker.ts";
import { chromiumLaunchOptions } from "./chromium.ts";

// 125 kB until server rendering: hydration, the first-visit banner and the layout inspection data
// added about 10 kB to the shell; 140 kB until React Router's data router (loader data, hydration
// data, navigation state) replaced the plain router: its chunk grew from 13.9 to 29.9 kB gzip.
// Getting back under 140 kB is open work (docs/performance.md).
const budgetBytes = 155 * 1000;
const pages = [
  { label: "home", path: pathTo("home") },
  { label: "service page", path: pathTo("brandingCreative") },
];

const gzipSize = (pathname: string) => gzipSync(readFileSync(join("dist", pathname)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

interface ScriptTiming {
  url: string;
  startTime: number;
}

/** Built files that contain the layout inspector, which only `npm run dev` may have. */
function inspectorFiles(dir = join("dist", "assets")): string[] {
  return readdirSync(dir).filter((file) => /\.(?:js|css)$/.test(file) && readFileSync(join(dir, file), "utf8").includes(INSPECTOR_MARKER));
}

let failed = false;
const leaked = inspectorFiles();
if (leaked.length > 0) {
  failed = true;
  console.error(`The layout inspector (marker "${INSPECTOR_MARKER}") is in the production build: ${leaked.join(", ")}`);
} else {
  console.log("No layout inspector code in dist/assets.");
}

const site = await startSiteOnFixtures({ env: { LOG_LEVEL: "warn", ...process.env, LEADS_DB: ":memory:" } });
const browser = await chromium.launch(chromiumLaunchOptions());
try {
  for (const { label, path } of pages) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site.url}${path}`);
    await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, CONTENT_SHOWN_MARK, { timeout: 30_000 });
    // Blocks below the fold mount in the frames after the mark; wait until they have all arrived.
    await page.waitForTimeout(200);
    await page.waitForFunction(() => document.querySelector(".block-loading") === null, undefined, { timeout: 30_000 });
    const { shownAt, scripts } = await page.evaluate((mark) => {
      const shown = performance.getEntriesByName(mark)[0]?.startTime ?? Infinity;
      const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      const scriptEntries: ScriptTiming[] = entries
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
        .map((entry) => ({ url: entry.name, startTime: entry.startTime }));
      return { shownAt: shown, scripts: scriptEntries };
    }, CONTENT_SHOWN_MARK);
    // The entry module is requested by the document itself, before any resource entry.
    const entry = await page.evaluate(() => document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src ?? "");
    // What src/boot.ts prefetches at the lowest priority (what hydrates after the shell): fetched
    // while the page starts, run only after it answers; reported apart from the budget's files.
    const prefetched = await page.evaluate(() => (document.querySelector<HTMLScriptElement>("script[data-prefetch]")?.dataset.prefetch ?? "").split(" ").filter(Boolean).map((path) => new URL(path, location.href).href));
    const urls = [...new Set([entry, ...scripts.map((s) => s.url)])].filter(Boolean);
    const before = urls.filter((url) => !prefetched.includes(url) && (url === entry || (scripts.find((s) => s.url === url)?.startTime ?? Infinity) < shownAt));
    const early = urls.filter((url) => prefetched.includes(url));
    const after = urls.filter((url) => !before.includes(url) && !early.includes(url));
    const size = (list: string[]) => list.reduce((sum, url) => sum + gzipSize(new URL(url).pathname), 0);
    const initial = size(before);
    const over = initial > budgetBytes;
    failed ||= over;
    console.log(`\n${label} (${path}): ${kb(initial)} gzip before content shows, budget ${kb(budgetBytes)}${over ? "  OVER BUDGET" : ""}`);
    for (const url of before) console.log(`  ${kb(gzipSize(new URL(url).pathname)).padStart(9)}  ${new URL(url).pathname}`);
    console.log(`  prefetched meanwhile at the lowest priority, run after content shows: ${early.length} file(s), ${kb(size(early))} gzip`);
    console.log(`  then ${after.length} block chunk(s), ${kb(size(after))} gzip, loaded after content shows`);
    await context.close();
  }
} finally {
  await browser.close();
  await site.close();
}
if (failed) {
  console.error(`\nInitial JavaScript is over the ${kb(budgetBytes)} budget, or the build has inspector code (see above).`);
  process.exit(1);
}
