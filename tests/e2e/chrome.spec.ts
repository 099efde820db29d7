import { expect, test, type Page } from "@playwright/test";
import { wireMenus } from "../builders.ts";
import { type SiteServer } from "../../src/server/siteServer.ts";
import { startSiteOnFixtures } from "../siteOnFixtures.ts";
import { e2eEnv, firstVisit } from "./env.ts";
import { fixtureMenus, fixturePage, plain } from "./fixtures.ts";
import { disclosure, expectAccessible, waitForBlocks, waitForContent } from "./helpers.ts";
import { otherService, type OtherService } from "./otherService.ts";

const header = (page: Page) => page.locator("header.site-header");
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent.trim() ?? "");

/**
 * Runs the page's installed clock forward in 100 ms steps, with a round trip to the page after
 * each, so code that arrives over the network meanwhile (a lazy chunk) starts and its timers run too.
 */
async function runTimers(page: Page, ms: number) {
  for (let elapsed = 0; elapsed < ms; elapsed += 100) {
    await page.clock.runFor(100);
    await page.evaluate(() => document.readyState);
  }
}

/** Presses Tab until the element is focused (at most `limit` times). */
async function tabTo(page: Page, target: ReturnType<Page["locator"]>, limit = 15) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

/** The site served by its production server from another content service, some of whose answers are canned; closed after the test. */
let running: { site: SiteServer; upstream: OtherService }[] = [];
async function siteOn(answers: Record<string, unknown>) {
  const upstream = await otherService(answers);
  const site = await startSiteOnFixtures({ env: { ...process.env, ...e2eEnv, CONTENT_API_BASE: upstream.url } });
  running.push({ site, upstream });
  return site;
}
test.afterEach(async () => {
  for (const { site, upstream } of running) {
    await site.close();
    await upstream.close();
  }
  running = [];
});

test.describe("header", () => {
  test("works from the keyboard alone: skip link, dropdowns (Enter, Tab, Escape), links", async ({ page }) => {
    await page.goto("/about-us");
    await waitForContent(page);

    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(header(page).getByRole("link", { name: "Corvane Global Services home" })).toBeFocused();

    // The dropdowns of the secondary menu, as the fixture service sends them: one with a page of
    // its own (its panel opens with a link to it), and the last one whose items have no sub-items.
    const dropdowns = fixtureMenus.TopNext.filter((item) => item.SubMenu.length > 0);
    const withPage = dropdowns.find((item) => item.PageURL);
    const flat = dropdowns.findLast((item) => item.SubMenu.every((sub) => sub.SubMenu.length === 0));
    if (!withPage || !flat) throw new Error("the fixture menus need a dropdown with its own page and one of plain links");
    const brand = disclosure(page, withPage.MenuName);
    await tabTo(page, brand);
    await page.keyboard.press("Enter");
    await expect(brand).toHaveAttribute("aria-expanded", "true");
    const panel = page.locator(`[id="${(await brand.getAttribute("aria-controls")) ?? ""}"]`);
    await expect(panel).toBeVisible();
    await page.keyboard.press("Tab");
    expect(await focusedText(page)).toBe(withPage.MenuName);
    await expect(panel.getByRole("link", { name: withPage.SubMenu[0]?.MenuName, exact: true })).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(brand).toHaveAttribute("aria-expanded", "false");
    await expect(brand).toBeFocused();
    await expect(panel).toBeHidden();

    // Tabbing past the last link of an open dropdown closes it.
    const last = disclosure(page, flat.MenuName);
    await tabTo(page, last);
    await page.keyboard.press("Enter");
    for (const name of [...(flat.PageURL ? [flat.MenuName] : []), ...flat.SubMenu.map((sub) => sub.MenuName)]) {
      await page.keyboard.press("Tab");
      expect(await focusedText(page)).toBe(name);
    }
    await expect(last).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(last).toHaveAttribute("aria-expanded", "false");

    // Enter on its first link goes there; the dropdown is closed on the new page.
    const target = (flat.PageURL ? flat.PageURL : flat.SubMenu[0]?.PageURL) ?? "";
    await page.keyboard.press("Shift+Tab");
    await expect(last).toBeFocused();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL((url) => url.pathname.toLowerCase() === target.toLowerCase());
    await waitForContent(page);
    await expect(last).toHaveAttribute("aria-expanded", "false");
    await expect(header(page).locator(`a[href="${target}"]`)).toHaveAttribute("aria-current", "page");

    // The skip link moves focus past the navigation, to the content.
    await page.reload();
    await waitForContent(page);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("main") !== null)).toBe(true);
  });

  test("marks the current page, styles the experience center as a button, and passes axe with a dropdown open", async ({ page }) => {
    await page.goto("/global-brand-solutions/creative-production/3d-solutions");
    await waitForBlocks(page);
    const experience = header(page).getByRole("link", { name: "Experience Center" });
    await expect(experience).toHaveCSS("border-top-style", "solid");
    await expect(experience).not.toHaveCSS("border-top-width", "0px");
    const brand = disclosure(page, "Brand & Creative");
    await brand.click();
    await expect(header(page).getByRole("link", { name: "3D Solutions" })).toHaveAttribute("aria-current", "page");
    await expectAccessible(page);
    // A click elsewhere closes it.
    await page.mouse.click(10, 500);
    await expect(brand).toHaveAttribute("aria-expanded", "false");
  });

  test("on a 375 px wide screen, the menu button shows and hides the navigation, usable by touch", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/about-us");
    await waitForContent(page);
    const toggle = disclosure(page, "Menu");
    const main = header(page).getByRole("navigation", { name: "Main" });
    await expect(toggle).toBeVisible();
    await expect(main).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    for (const element of [toggle, header(page), page.locator(".site-header__nav")]) await expect(element).toHaveClass(/is-active/);
    await expect(main).toBeVisible();
    await disclosure(page, "Smart Work").click();
    const utilities = header(page).getByRole("link", { name: "Utilities" });
    await expect(utilities).toBeVisible();
    await expectAccessible(page);

    await utilities.click();
    await expect(page).toHaveURL(/\/operations-transformation\/utilities$/);
    await waitForContent(page);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(main).toBeHidden();
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 375, height: 800 }, hasTouch: true });

    test("with a dropdown open, a tap on the next one opens it, and the menu stays open", async ({ page }) => {
      await page.goto("/about-us");
      await waitForContent(page);
      const menu = disclosure(page, "Menu");
      await menu.tap();
      const [first, second] = fixtureMenus.TopNext.filter((item) => item.SubMenu.length > 0).map((item) => disclosure(page, item.MenuName));
      if (!first || !second) throw new Error("the fixture menus need two dropdowns");
      await first.tap();
      await expect(first).toHaveAttribute("aria-expanded", "true");
      // The first panel, inline on a phone, must not collapse from under the finger before the tap lands.
      await second.tap();
      await expect(second).toHaveAttribute("aria-expanded", "true");
      await expect(first).toHaveAttribute("aria-expanded", "false");
      await expect(menu).toHaveAttribute("aria-expanded", "true");
    });
  });

  test("finds its menus by slot for a service with another group prefix", async ({ page }) => {
    const site = await siteOn({ "/api/menu/GetMenuList": wireMenus("Northwind::") });
    await page.goto(`${site.url}/about-us`);
    await waitForBlocks(page);
    await expect(header(page).getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText(["About Us", "People", "Experience Center", "Contact Us"]);
    await expect(header(page).getByRole("navigation", { name: "Secondary" }).locator("summary")).toHaveText(["Brand & Creative", "Smart Work", "Insights"]);
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Partner Portal" })).toBeVisible();
  });

  test("leaves header and footer out when the service has no menus; the page still works", async ({ page }) => {
    const site = await siteOn({ "/api/menu/GetMenuList": [] });
    await page.goto(`${site.url}/about-us`);
    await waitForBlocks(page);
    await expect(page).toHaveTitle(plain(fixturePage("About-Us").title));
    await expect(header(page)).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe("footer", () => {
  test("has its columns, Careers in a new tab, legal links that lead to real pages, and Cookie Settings and Do Not Sell that do not navigate", async ({ page }) => {
    await page.goto("/about-us");
    await waitForBlocks(page);
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("heading", { name: "Our Solutions" })).toBeVisible();
    await expect(footer.getByRole("link", { name: /on LinkedIn/ })).toHaveAttribute("href", /^https:\/\/www\.linkedin\.com\//);
    const careers = footer.getByRole("link", { name: /^Careers/ });
    await expect(careers).toHaveAttribute("target", "_blank");
    await expect(careers).toHaveAttribute("rel", "noopener noreferrer");

    await footer.getByRole("button", { name: "Cookie Settings" }).click();
    await expect(page.getByRole("dialog", { name: "Cookie settings" })).toBeVisible();
    await expect(page).toHaveURL(/\/about-us$/);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Cookie settings" })).toBeHidden();

    // SPEC 2.5: "Do Not Sell or Share My Information" leads to the marketing and sharing choice.
    await footer.getByRole("button", { name: "Do Not Sell or Share My Information" }).click();
    const settings = page.getByRole("dialog", { name: "Cookie settings" });
    await expect(settings.getByRole("checkbox", { name: /Marketing and sharing/ })).toBeFocused();
    await expect(settings.getByText(/we do not sell or share your information/)).toBeInViewport();
    await expect(settings).toHaveCSS("opacity", "1");
    await expect(settings.getByRole("checkbox", { name: /Marketing and sharing/ })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(settings).toBeHidden();

    for (const [name, title] of [
      ["Privacy Policy", "Privacy Policy"],
      ["Terms of Use", "Terms of Use"],
      ["Accessibility Statement", "Accessibility Statement"],
    ] as const) {
      await page.getByRole("contentinfo").getByRole("navigation", { name: "Legal" }).getByRole("link", { name }).click();
      await waitForContent(page);
      await expect(page.locator("main h1").first()).toHaveText(title);
      await expect(page).not.toHaveURL(/\/Home$/);
    }
    await expectAccessible(page);
  });

  test("is on the not-found screen too", async ({ page }) => {
    await page.goto("/blogs/no-such-post");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/could not be found/);
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });
});

test.describe("breadcrumbs", () => {
  test("lead from Home through the navigation's names to the page, with structured data", async ({ page }) => {
    await page.goto("/smart-work-solutions/shared-services-transformation");
    await waitForBlocks(page);
    const trail = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(trail.getByRole("link")).toHaveText(["Home", "Smart Work", "Shared Services Transformation"]);
    await expect(trail.getByRole("link").last()).toHaveAttribute("aria-current", "page");
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').last().textContent()) ?? "") as { "@type": string; itemListElement: unknown[] };
    expect(data["@type"]).toBe("BreadcrumbList");
    expect(data.itemListElement).toHaveLength(3);
  });

  test("are not on the home page", async ({ page }) => {
    await page.goto("/Home");
    await waitForBlocks(page);
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toHaveCount(0);
  });
});

test.describe("contact shortcut", () => {
  test("goes to the contact page, storing whether the visitor came from presentation services", async ({ page }) => {
    await page.goto("/global-brand-solutions/creative-production/presentation-services");
    await waitForContent(page);
    await page.getByRole("link", { name: "Contact us", exact: true }).click();
    // The address carries the mode too, so a tap before the code runs reaches the same form (issue 20).
    await expect(page).toHaveURL(/\/contact-us\?from=presentation-services$/);
    await waitForContent(page);
    expect(await page.evaluate(() => localStorage.getItem("isPresentationService"))).toBe("true");
    // The contact page's data says contactUs: false.
    await expect(page.getByRole("link", { name: "Contact us", exact: true })).toHaveCount(0);

    await page.goto("/about-us");
    await waitForContent(page);
    await page.getByRole("link", { name: "Contact us", exact: true }).click();
    await expect(page).toHaveURL(/\/contact-us$/);
    expect(await page.evaluate(() => localStorage.getItem("isPresentationService"))).toBe("false");
  });
});

test.describe("cookie consent, first visit", () => {
  test.use({ storageState: firstVisit });

  /** Whether the page has asked for the consent manager's code since this was called. */
  function askedForManager(page: Page): () => boolean {
    let asked = false;
    page.on("request", (request) => {
      if (/\/assets\/manager-[\w-]+\.js$/.test(request.url())) asked = true;
    });
    return () => asked;
  }

  test("asks once the page shows; the choice survives a reload and Cookie Settings shows it", async ({ page }) => {
    await page.goto("/about-us");
    await waitForBlocks(page);
    const banner = page.getByRole("region", { name: "Cookies on this site" });
    await expect(banner).toBeVisible();
    await expectAccessible(page);
    await banner.getByRole("button", { name: "Necessary only" }).click();
    await expect(banner).toBeHidden();

    await page.reload();
    await waitForBlocks(page);
    // The consent manager has loaded (Cookie Settings works) and has not asked again.
    await page.getByRole("contentinfo").getByRole("button", { name: "Cookie Settings" }).click();
    const settings = page.getByRole("dialog", { name: "Cookie settings" });
    await expect(settings).toBeVisible();
    await expect(page.getByRole("region", { name: "Cookies on this site" })).toBeHidden();
    await expect(settings.getByRole("checkbox", { name: /Analytics/ })).not.toBeChecked();
    await expectAccessible(page);

    await settings.getByRole("checkbox", { name: /Analytics/ }).check({ force: true });
    await settings.getByRole("button", { name: "Save my choices" }).click();
    await expect(settings).toBeHidden();
    await page.reload();
    await waitForBlocks(page);
    await page.getByRole("contentinfo").getByRole("button", { name: "Cookie Settings" }).click();
    await expect(page.getByRole("dialog", { name: "Cookie settings" }).getByRole("checkbox", { name: /Analytics/ })).toBeChecked();
    await expect(page.getByRole("dialog", { name: "Cookie settings" }).getByRole("checkbox", { name: /Marketing/ })).not.toBeChecked();
  });

  test("is in place as soon as the page answers, as the first Tab stop, and leaves an open dropdown open", async ({ page }) => {
    // The page's own clock: the consent manager's timers (the library used to focus its banner 100 ms after showing it) run on demand.
    await page.clock.install();
    const managerAsked = askedForManager(page);
    await page.goto("/about-us");
    await waitForContent(page);
    const banner = page.getByRole("region", { name: "Cookies on this site" });
    // The server's page is the first content; the banner joins it as the app takes the page over, with no timer in between.
    await expect(banner).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // The visitor opens a dropdown at once.
    const brand = disclosure(page, "Brand & Creative");
    await brand.click();
    await expect(brand).toHaveAttribute("aria-expanded", "true");

    // The footer loads and two seconds of timers run: nothing takes the focus. The consent
    // manager (and its 34 kB of styles) is not even asked for until the visitor answers.
    await runTimers(page, 500);
    await expect(page.getByRole("contentinfo")).toBeAttached();
    await runTimers(page, 2000);
    await expect(brand).toHaveAttribute("aria-expanded", "true");
    await expect(brand).toBeFocused();
    await expectAccessible(page);
    expect(managerAsked()).toBe(false);

    // The first Tab of a fresh page reaches it; answered, it is gone and Tab goes on to the skip link.
    await page.reload();
    await page.clock.runFor(1000);
    await waitForContent(page);
    await page.keyboard.press("Tab");
    await expect(banner.getByRole("button", { name: "Accept all" })).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(banner).toBeHidden();
    await expect.poll(managerAsked).toBe(true);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    await page.reload();
    await page.clock.runFor(1000);
    await waitForContent(page);
    await expect(banner).toHaveCount(0);
  });

  test("does not interrupt typing in a form", async ({ page }) => {
    await page.clock.install();
    await page.goto("/contact-us");
    await page.clock.runFor(1000);
    const name = page.getByRole("textbox", { name: "Full Name" });
    await name.click();
    await page.keyboard.type("Ada");
    await runTimers(page, 2500);
    await page.keyboard.type(" Lovelace");
    await expect(name).toHaveValue("Ada Lovelace");
    await expect(page.getByRole("region", { name: "Cookies on this site" })).toBeVisible();
  });
});
