/**
 * What a visitor sees of the layout, measured: the hero's text beside (never over) its
 * picture, pictures whole, short rows of cards centred, breadcrumbs on one line, and the
 * floating contact link out of the way of the open mobile menu.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { disclosure, waitForBlocks, waitForContent } from "./helpers.ts";

type Box = { x: number; y: number; width: number; height: number };

const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} has no box`);
  return box;
}

/** Pages whose hero has a picture beside its text: the content hero, and the people hero. */
const heroPages = ["/about-us", "/global-brand-solutions/creative-production/presentation-services", "/People"];

async function openAt(page: Page, path: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(path);
  await waitForContent(page);
}

test.describe("hero", () => {
  for (const width of [1440, 1024, 375]) {
    test(`keeps its heading, text and highlights off its picture at ${width} px`, async ({ page }) => {
      for (const path of heroPages) {
        await openAt(page, path, width);
        const hero = page.locator("header.hero");
        await expect(hero.getByRole("heading", { level: 1 })).toHaveText(/\S/);
        const picture = await boxOf(hero.locator("img"));
        const texts = [hero.getByRole("heading", { level: 1 }), hero.locator(".hero__lead"), ...(await hero.getByRole("listitem").all())];
        for (const text of texts) {
          const box = await boxOf(text);
          expect(overlap(box, picture), `${path}: ${await text.innerText()} over the picture`).toBe(false);
          // And inside the screen.
          expect(box.x + box.width).toBeLessThanOrEqual(width);
        }
      }
    });
  }

  test("shows the People picture whole, in its own proportion", async ({ page }) => {
    for (const width of [1440, 375]) {
      await openAt(page, "/People", width);
      const image = page.locator("header.hero img");
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const natural = await image.evaluate((img: HTMLImageElement) => img.naturalWidth / img.naturalHeight);
      const box = await boxOf(image);
      expect(box.width / box.height).toBeCloseTo(natural, 1);
    }
  });
});

test.describe("cards", () => {
  test("a row of few cards is centred, not left with an empty half", async ({ page }) => {
    await openAt(page, "/Home", 1440);
    await waitForBlocks(page);
    const section = page.locator("section").filter({ has: page.getByRole("heading", { level: 2, name: "Our Capabilities" }) });
    const grid = section.getByRole("list").first();
    const cards = await grid.getByRole("listitem").all();
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.length).toBeLessThan(4);
    const area = await boxOf(grid);
    const first = await boxOf(cards[0] ?? grid);
    const last = await boxOf(cards.at(-1) ?? grid);
    const leftGap = first.x - area.x;
    const rightGap = area.x + area.width - (last.x + last.width);
    expect(leftGap).toBeGreaterThan(100);
    expect(Math.abs(leftGap - rightGap)).toBeLessThanOrEqual(2);
  });
});

test.describe("breadcrumbs", () => {
  test("stay on one line on a phone, never wrapping with a separator at the start of a line", async ({ page }) => {
    await openAt(page, "/global-brand-solutions/creative-production/presentation-services", 375);
    const trail = page.getByRole("navigation", { name: "Breadcrumb" });
    // Home, one crumb per segment of the address (three here), then the page.
    await expect(trail.getByRole("link")).toHaveCount(4);
    const crumbs = await trail.getByRole("listitem").all();
    const boxes = await Promise.all(crumbs.map(boxOf));
    const top = boxes[0]?.y ?? 0;
    for (const box of boxes) {
      expect(Math.abs(box.y - top)).toBeLessThanOrEqual(1);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
    // Each crumb after the first starts after the one before it ends: separator and crumb side by side.
    for (let i = 1; i < boxes.length; i++) expect(boxes[i]?.x ?? 0).toBeGreaterThanOrEqual((boxes[i - 1]?.x ?? 0) + (boxes[i - 1]?.width ?? 0) - 1);
  });
});

test.describe("contact shortcut", () => {
  test("is not over the open mobile menu, and comes back when it closes", async ({ page }) => {
    await openAt(page, "/about-us", 375);
    const shortcut = page.getByRole("link", { name: "Contact us", exact: true });
    await expect(shortcut).toBeVisible();
    const toggle = disclosure(page, "Menu");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(shortcut).toBeHidden();
    await toggle.click();
    await expect(shortcut).toBeVisible();
  });
});
