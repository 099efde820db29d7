import { expect, test, type Page } from "@playwright/test";
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type SiteServer } from "../../src/server/siteServer.ts";
import { startSiteOnFixtures } from "../siteOnFixtures.ts";
import { e2eEnv } from "./env.ts";
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

/** Every text a visitor reads, one unbroken word wider than the screen appended: a long name, a pasted address. */
const longWord = "Pneumonoultramicroscopicsilicovolcanoconiosis".repeat(4);
const textKeys = new Set(["title", "shortDesc", "longDesc", "authorName", "designation", "heading", "heading1", "desc", "location", "address", "category", "MenuName", "value"]);
function withLongWords(value: unknown, key = ""): unknown {
  if (typeof value === "string") return textKeys.has(key) || /^[A-Z0-9]+(-[A-Z0-9]+)+$/.test(key) ? `${value} ${longWord}` : value;
  if (Array.isArray(value)) return value.map((item) => withLongWords(item));
  if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, withLongWords(item, name)]));
  return value;
}

test.describe("with every text of the content ending in a word wider than the screen", () => {
  let site: SiteServer;
  test.beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "long-words-"));
    cpSync("fixtures", dir, { recursive: true });
    for (const file of readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".json"))) {
      writeFileSync(join(dir, file), JSON.stringify(withLongWords(JSON.parse(readFileSync(join(dir, file), "utf8")))));
    }
    site = await startSiteOnFixtures({ env: { ...process.env, ...e2eEnv, FIXTURES_DIR: dir } });
  });
  test.afterAll(() => site.close());

  const [blog] = fixtureList("blogs");
  for (const path of ["/Home", "/about-us", "/People", "/global-brand-solutions/branding-creative", "/contact-us", "/blogs", ...(blog ? [`/blogs${blog.anchorlink}`] : [])]) {
    test(`${path} does not scroll sideways at 320 CSS px`, async ({ page }) => {
      await page.goto(`${site.url}${path}`);
      await waitForBlocks(page);
      await expect(page.getByText(longWord).first()).toBeAttached();
      const { overflow, culprits } = await sideways(page);
      expect(overflow, `sticking out: ${culprits.join(", ")}`).toBe(0);
    });
  }
});
