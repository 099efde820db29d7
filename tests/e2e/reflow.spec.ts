import { expect, test, type Page } from "@playwright/test";
import { fixedRoutes, fixtureList } from "./fixtures.ts";
import { waitForBlocks } from "./helpers.ts";

/**
 * WCAG 1.4.10 reflow: at 320 CSS px (a narrow phone, and a 1280 px window zoomed to 400 %:
 * the same 320 CSS px at 4 device pixels each) no page scrolls sideways.
 */
test.use({ viewport: { width: 320, height: 720 }, deviceScaleFactor: 4 });

/** How far the page scrolls sideways, and the elements that stick out past its right edge. */
function sideways(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const overflow = root.scrollWidth - root.clientWidth;
    const culprits = [...document.querySelectorAll("body *")]
      .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 0.5 && element.getClientRects().length > 0)
      .filter((element) => !element.closest("[aria-hidden='true']") && getComputedStyle(element).position !== "fixed")
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join(".")} (${Math.round(element.getBoundingClientRect().right)} px)`);
    return { overflow, culprits };
  });
}

const details = (["blogs", "casestudies", "thoughtpapers"] as const).flatMap((kind) => {
  const [item] = fixtureList(kind);
  return item ? [`/${kind === "thoughtpapers" ? "thoughtPapers" : kind}${item.anchorlink}`] : [];
});

for (const path of [...fixedRoutes.map((route) => route.path), ...details]) {
  test(`${path} does not scroll sideways at 320 CSS px`, async ({ page }) => {
    await page.goto(path);
    await waitForBlocks(page);
    const { overflow, culprits } = await sideways(page);
    expect(overflow, `sticking out: ${culprits.join(", ")}`).toBe(0);
  });
}
