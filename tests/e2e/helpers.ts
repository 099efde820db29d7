import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Waits for a content page to be shown: loading screen gone, the page's h1 visible. */
export async function waitForContent(page: Page) {
  await expect(page.getByText("Loading...")).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator("main h1").first()).toBeVisible();
}

/** Waits until the blocks below the fold have loaded too. */
export async function waitForBlocks(page: Page) {
  await waitForContent(page);
  await expect(page.locator(".block-loading")).toHaveCount(0);
}

/** axe finds no violations on the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}
