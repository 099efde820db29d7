import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { e2eLeadsDb } from "./env.ts";

/**
 * A disclosure button of the header (the menu button, a dropdown's button): a <summary>, so it
 * works before the page's code arrives. Browsers expose it as a button with its expanded
 * state; Playwright's role queries give it no role, so it is found by its exact text.
 */
export function disclosure(page: Page, name: string): Locator {
  const exact = new RegExp(`^\\s*${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*$`);
  return page.locator("header.site-header summary").filter({ hasText: exact });
}

/**
 * Watches, in the page, for the loading screen (a status saying "Loading..."); the returned
 * function tells for how long it was shown, or null when it never was. Seen by the page itself:
 * on a loaded machine a click and the next check can take more than the screen's whole second.
 */
export async function watchLoadingScreen(page: Page): Promise<() => Promise<number | null>> {
  await page.evaluate(() => {
    const seen: { shownAt?: number; hiddenAt?: number } = {};
    const showing = () => [...document.querySelectorAll('[role="status"]')].some((element) => element.textContent.includes("Loading..."));
    new MutationObserver(() => {
      if (showing()) seen.shownAt ??= performance.now();
      else if (seen.shownAt !== undefined) seen.hiddenAt ??= performance.now();
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
    Object.assign(window, { loadingScreenSeen: seen });
  });
  return () =>
    page.evaluate(() => {
      const seen = (window as unknown as { loadingScreenSeen: { shownAt?: number; hiddenAt?: number } }).loadingScreenSeen;
      return seen.shownAt === undefined ? null : (seen.hiddenAt ?? performance.now()) - seen.shownAt;
    });
}

/** Waits for a content page to be shown: loading screen gone, the page's h1 visible. */
export async function waitForContent(page: Page) {
  // The server's HTML shows at once; its controls answer once the app has taken it over.
  await expect(page.locator("html[data-app-ready]")).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByText("Loading...")).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator("main h1").first()).toBeVisible();
}

/**
 * Resolves once the page has handled what it had queued: React renders in a message-channel
 * task, so a message sent now arrives after what a timer just set off (even on a paused clock).
 */
export function rendered(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
}

/** Waits until the blocks below the fold have loaded too, and every section is rendered (src/app/showSections.ts). */
export async function waitForBlocks(page: Page) {
  await waitForContent(page);
  await expect(page.locator(".block-loading")).toHaveCount(0);
  await wholePageShown(page);
}

/** Every section rendered: axe cannot judge the colours of one that skips its rendering off screen (src/app/showSections.ts). */
const wholePageShown = (page: Page) => expect(page.locator("html[data-sections-shown]")).toHaveCount(1);

/**
 * Stops the headline slider and waits for its fades to end: text caught halfway through a fade is
 * faded on purpose, and contrast is judged on what the visitor reads once it settles.
 */
async function settleFades(page: Page) {
  for (const stop of await page.getByRole("button", { name: "Stop slide rotation" }).all()) await stop.click();
  await expect
    .poll(() => page.locator(".hero-slider__slide").evaluateAll((slides) => slides.map((slide) => getComputedStyle(slide).opacity).filter((o) => o !== "0" && o !== "1")))
    .toEqual([]);
}

/** axe finds no violations on the page as it stands once its fades have settled. */
export async function expectAccessible(page: Page) {
  await wholePageShown(page);
  await settleFades(page);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** The leads the fixture service stored for an address (each test uses its own), as the lead store's `columns` (SQL select list). */
export function storedLeads(email: string, columns: string): unknown[] {
  const db = new Database(e2eLeadsDb, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(`SELECT ${columns} FROM leads WHERE email = ?`).all(email);
  } finally {
    db.close();
  }
}
