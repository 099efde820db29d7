/**
 * `npm run bench:interactive` (after `npm run build`): how soon a served page answers the
 * visitor on a slow phone (tools/slowPhone.ts: Lighthouse's mobile settings applied in
 * Chromium through the DevTools protocol). For /Home and a service page, median of
 * BENCH_RUNS (default 3) fresh loads: first paint, app ready (`data-app-ready`), and the
 * time from first paint until a tap on the menu button, made as soon as it shows, takes
 * effect. The menu button is then tapped again and again until the app is ready: every tap
 * must turn the menu over within 3 s, else it counts as lost, and where it fell is printed.
 * BENCH_PAGES (comma-separated paths) measures other pages. BENCH_BASELINE: an earlier build (a
 * copy of its dist/ beside it, e.g. dist.before/) served too and measured in the same runs,
 * alternating, so whether a change pays is read within one run, not against another day's figure
 * (this bench's absolute figures move with the machine: its CPU is slowed 4x in wall time).
 * A benchmark: it prints figures (docs/performance.md) and exits 0.
 */
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { chromium, type Page } from "@playwright/test";
import { pathTo } from "../src/content/paths.ts";
import { chromiumLaunchOptions } from "./chromium.ts";
import { startChildServer } from "./childServer.ts";
import { readTimes, recordTimes, slowPhoneContext, throttle } from "./slowPhone.ts";

const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const pages = process.env.BENCH_PAGES?.split(",") ?? [pathTo("home"), pathTo("brandingCreative")];
const tapEffectTimeoutMs = 3000;

interface Run {
  firstPaint: number;
  shellHydrated: number;
  appReady: number;
  /** From first paint until the first tap's menu showed. */
  tapEffect: number;
  taps: number;
  lost: number;
  lcp: number;
  cls: number;
}

const menuIsOpen = (page: Page) => page.evaluate(() => document.querySelector<HTMLDetailsElement>("header.site-header .site-header__menu")?.open === true);

/** Waits until the menu is `open`; false when it is not within the time a tap may take. */
async function menuBecomes(page: Page, open: boolean): Promise<boolean> {
  return page
    .waitForFunction((wanted) => document.querySelector<HTMLDetailsElement>("header.site-header .site-header__menu")?.open === wanted, open, { timeout: tapEffectTimeoutMs, polling: 20 })
    .then(
      () => true,
      () => false,
    );
}

async function measure(page: Page, url: string): Promise<Run> {
  await throttle(page);
  await recordTimes(page);
  await page.goto(url, { waitUntil: "commit" });
  const menu = page.locator("header.site-header summary.site-header__toggle");
  let taps = 0;
  let lost = 0;
  let expected = false;
  const ready = () => page.evaluate(() => document.documentElement.hasAttribute("data-app-ready"));
  // The first tap as soon as the button shows; then taps one after the other until the app is ready, and one more.
  for (let last = false; ; ) {
    expected = !expected;
    await menu.tap();
    taps++;
    if (!(await menuBecomes(page, expected))) {
      lost++;
      // Where a lost tap fell, to find out why (the times are the page's, see tools/slowPhone.ts).
      console.log(`  tap ${taps} lost (wanted the menu ${expected ? "open" : "closed"}):`, JSON.stringify(await readTimes(page)));
      expected = await menuIsOpen(page);
    }
    if (last) break;
    last = await ready();
  }
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-app-ready"), undefined, { timeout: 120_000 });
  const times = await readTimes(page);
  const firstPaint = times.firstPaint ?? Number.NaN;
  const firstOpen = times.toggles.find((toggle) => toggle.open && toggle.what === "Menu");
  return {
    firstPaint,
    shellHydrated: times.shellHydrated ?? Number.NaN,
    appReady: times.appReady ?? Number.NaN,
    tapEffect: (firstOpen?.at ?? Number.NaN) - firstPaint,
    taps,
    lost,
    lcp: times.largestContentfulPaint ?? Number.NaN,
    cls: times.layoutShift,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const baseline = process.env.BENCH_BASELINE;
// A test deployment of the built site (the local captcha), as `npm start` serves it; the baseline's own server build serves its files.
const testDeployment = { NODE_ENV: "production", ALLOW_TEST_CAPTCHA: "1" };
const builds = [{ label: "as built", server: await startChildServer(testDeployment) }];
if (baseline) builds.push({ label: `the build in ${baseline}`, server: await startChildServer({ ...testDeployment, DIST_DIR: baseline }, 30_000, resolve(baseline, "server", "standalone.js")) });
const browser = await chromium.launch(chromiumLaunchOptions());
try {
  console.log(`load average at start: ${loadavg().map((value) => value.toFixed(2)).join(", ")}`);
  console.log("| page | build | first paint | largest paint | shell hydrated after first paint | app ready | app ready after first paint | first tap takes effect after first paint | taps lost | layout shift (before the taps) |");
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  for (const path of pages) {
    const results = builds.map((): Run[] => []);
    // Alternating: a build measured first in one run is measured second in the next, so neither gets the quieter minutes.
    for (let i = 0; i < runs; i++) {
      const order = i % 2 === 0 ? builds.keys() : [...builds.keys()].reverse();
      for (const index of order) {
        const context = await browser.newContext(slowPhoneContext);
        results[index]?.push(await measure(await context.newPage(), `${builds[index]?.server.url ?? ""}${path}`));
        await context.close();
      }
    }
    const readyAfterPaint = (measured: Run[]) => median(measured.map((run) => run.appReady - run.firstPaint));
    builds.forEach(({ label }, index) => {
      const measured = results[index] ?? [];
      const pick = (key: keyof Run) => median(measured.map((run) => run[key]));
      const lost = measured.reduce((sum, run) => sum + run.lost, 0);
      const taps = measured.reduce((sum, run) => sum + run.taps, 0);
      const runsReady = measured.map((run) => seconds(run.appReady - run.firstPaint)).join(", ");
      console.log(
        `| ${path} | ${label} | ${seconds(pick("firstPaint"))} | ${seconds(pick("lcp"))} | ${seconds(median(measured.map((run) => run.shellHydrated - run.firstPaint)))} | ${seconds(pick("appReady"))} | ${seconds(readyAfterPaint(measured))} (${runsReady}) | ${Math.round(pick("tapEffect"))} ms | ${lost} of ${taps} | ${pick("cls").toFixed(3)} |`,
      );
    });
    if (baseline) console.log(`| ${path} | as built − baseline | | | | | ${Math.round(readyAfterPaint(results[0] ?? []) - readyAfterPaint(results[1] ?? []))} ms | | | |`);
  }
  console.log(`load average at end: ${loadavg().map((value) => value.toFixed(2)).join(", ")}`);
} finally {
  await browser.close();
  await Promise.all(builds.map(({ server }) => server.stop()));
}
