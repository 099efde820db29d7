import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { waitForBlocks } from "./helpers.ts";

/** Sample-video popups (SPEC 4) on the presentation services page, and the retirement video popup: real dialogs. */

const presentation = "/global-brand-solutions/creative-production/presentation-services";
const isPlaying = (page: Page, id: string) => page.locator(`#${id} video`).evaluate((video: HTMLVideoElement) => !video.paused);
const isOpen = (page: Page, id: string) => page.locator(`#${id}`).evaluate((dialog: HTMLDialogElement) => dialog.open);
const focusInside = (page: Page, id: string) => page.evaluate((dialogId) => document.getElementById(dialogId)?.contains(document.activeElement) ?? false, id);

test("a sample-video link opens its popup from the keyboard, plays it, keeps focus inside, and Escape pauses, closes and returns focus", async ({ page }) => {
  await page.goto(presentation);
  await waitForBlocks(page);
  const opener = page.getByRole("button", { name: "Play video: Investor Deck Sample" });
  await expect(opener).toHaveAttribute("aria-controls", "investordecksample");
  await opener.focus();
  await page.keyboard.press("Enter");

  const dialog = page.getByRole("dialog", { name: "Investor Deck Sample" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute("id", "investordecksample");
  await expect(dialog.getByRole("button", { name: "Close video" })).toBeFocused();
  await expect.poll(() => isPlaying(page, "investordecksample")).toBe(true);
  // The rest of the page is inert: Tab never leaves the dialog for it.
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement === document.body || document.activeElement?.closest("dialog") !== null)).toBe(true);
  }

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  expect(await isOpen(page, "investordecksample")).toBe(false);
  // The dialog hides at once; its close event, which pauses the video, follows in a task of its own.
  await expect.poll(() => isPlaying(page, "investordecksample")).toBe(false);
  await expect(opener).toBeFocused();
});

test("the close button pauses and closes the popup", async ({ page }) => {
  await page.goto(presentation);
  await waitForBlocks(page);
  const opener = page.getByRole("button", { name: "Play video: Training Module Sample" });
  await opener.click();
  await expect(page.locator("#trainingmodulesample")).toBeVisible();
  expect(await focusInside(page, "trainingmodulesample")).toBe(true);
  await expect.poll(() => isPlaying(page, "trainingmodulesample")).toBe(true);
  await page.locator("#trainingmodulesample").getByRole("button", { name: "Close video" }).click();
  await expect(page.locator("#trainingmodulesample")).toBeHidden();
  await expect.poll(() => isPlaying(page, "trainingmodulesample")).toBe(false);
  await expect(opener).toBeFocused();
});

test("the presentation page is accessible with a popup open", async ({ page }) => {
  await page.goto(presentation);
  await waitForBlocks(page);
  await page.getByRole("button", { name: "Play video: Sales Pitch Sample" }).click();
  await expect(page.getByRole("dialog", { name: "Sales Pitch Sample" })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
});

test("the retirement page's video opens in a popup that plays it and pauses on close, accessibly", async ({ page }) => {
  await page.goto("/Smart-work-solutions/operations-transformation/retirement-benefits-administration");
  await waitForBlocks(page);
  await page.getByRole("button", { name: "Play video: Retirement operations overview" }).click();
  const id = "retirementoperationsoverview";
  await expect(page.locator(`#${id}`)).toBeVisible();
  await expect.poll(() => isPlaying(page, id)).toBe(true);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(page.locator(`#${id}`)).toBeHidden();
  await expect.poll(() => isPlaying(page, id)).toBe(false);
});
