/**
 * `npm run bench:navigation`: the first in-site navigation on a slow phone (tools/slowPhone.ts:
 * Lighthouse's mobile settings applied in Chromium). A page the server rendered hydrates without
 * the page loader, the content client and the schemas (zod): the browser asks for their code with
 * the first page it resolves itself (src/runtime/loadPage.ts). This measures what that costs the
 * visitor: from the tap on a link in the page (once the app is ready) until the next page's
 * heading is on screen, for the first navigation and for a second one (the code already there).
 * BENCH_RUNS (default 5) loads each; run it against another build to compare within one session.
 */
import { loadavg } from "node:os";
import { chromium, type Page } from "@playwright/test";
import { pathTo } from "../src/content/paths.ts";
import { chromiumLaunchOptions } from "./chromium.ts";
import { startChildServer } from "./childServer.ts";
import { slowPhoneContext, throttle } from "./slowPhone.ts";

const runs = Number(process.env.BENCH_RUNS ?? 5);
const start = pathTo("home");
// Two pages reached from the home page by a link in its content: a list, then (from it) the contact page.
const hops = ["/blogs", pathTo("contact")];

/** Taps the page's first link to `path` and waits until that page's heading shows; the time in ms. */
async function navigate(page: Page, path: string): Promise<number> {
  const link = page.locator(`a[href="${path}"]`).filter({ visible: true }).first();
  await link.scrollIntoViewIfNeeded();
  const before = await page.locator("main h1").first().textContent();
  const tappedAt = await page.evaluate(() => performance.now());
  await link.tap();
  await page.waitForURL((url) => url.pathname === path);
  await page.waitForFunction((previous) => {
    const heading = document.querySelector("main h1");
    return heading !== null && heading.textContent !== previous && document.querySelector(".loading-screen") === null;
  }, before, { polling: "raf", timeout: 60_000 });
  return (await page.evaluate(() => performance.now())) - tappedAt;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const server = await startChildServer({ NODE_ENV: "production", ALLOW_TEST_CAPTCHA: "1" });
const browser = await chromium.launch(chromiumLaunchOptions());
try {
  console.log(`load average at start: ${loadavg().map((value) => value.toFixed(2)).join(", ")}`);
  const first: number[] = [];
  const second: number[] = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext(slowPhoneContext);
    const page = await context.newPage();
    await throttle(page);
    await page.goto(`${server.url}${start}`);
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-app-ready"), undefined, { timeout: 60_000 });
    // A first visit: the consent banner floats over the page's bottom until answered.
    await page.getByRole("button", { name: "Necessary only" }).tap();
    first.push(await navigate(page, hops[0] ?? "/blogs"));
    second.push(await navigate(page, hops[1] ?? "/contact-us"));
    await context.close();
  }
  console.log(`| navigation (slow phone, ${runs} runs, median) | tap to the next page's heading |`);
  console.log("|---|---|");
  console.log(`| first: ${start} → ${hops[0] ?? ""} | ${Math.round(median(first))} ms (${first.map(Math.round).join(", ")}) |`);
  console.log(`| second: ${hops[0] ?? ""} → ${hops[1] ?? ""} | ${Math.round(median(second))} ms (${second.map(Math.round).join(", ")}) |`);
  console.log(`load average at end: ${loadavg().map((value) => value.toFixed(2)).join(", ")}`);
} finally {
  await browser.close();
  await server.stop();
}
