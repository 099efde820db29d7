import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { fixedRoutes, fixtureList, fixturePage, plain } from "./fixtures.ts";
import { startSiteOnFixtures } from "../siteOnFixtures.ts";
import { e2eEnv } from "./env.ts";
import { expectAccessible, waitForBlocks, waitForContent, watchLoadingScreen } from "./helpers.ts";
import { otherService } from "./otherService.ts";

test.describe("every route", () => {
  for (const { path, page: name } of fixedRoutes) {
    test(`${path} shows ${name}, accessible`, async ({ page }) => {
      const fixture = fixturePage(name);
      await page.goto(path);
      await waitForBlocks(page);
      await expect(page.locator("main h1").first()).not.toHaveText(/could not be found/);
      await expect(page).toHaveTitle(plain(fixture.title));
      await expectAccessible(page);
    });
  }

  for (const kind of ["blogs", "casestudies", "thoughtpapers"] as const) {
    test(`a ${kind} detail page renders its item`, async ({ page }) => {
      const [item] = fixtureList(kind);
      if (!item) throw new Error(`no ${kind} fixtures`);
      await page.goto(`/${kind === "thoughtpapers" ? "thoughtPapers" : kind}${item.anchorlink}`);
      await waitForContent(page);
      await expect(page).toHaveTitle(plain(item.title));
    });
  }
});

test("a page reached inside the site shows the loading screen first, then the content", async ({ page }) => {
  await page.goto("/Home");
  await waitForContent(page);
  const loadingScreenShown = await watchLoadingScreen(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "People" }).first().click();
  await expect(page).toHaveTitle(plain(fixturePage("People").title));
  await waitForContent(page);
  expect(await loadingScreenShown()).not.toBeNull();
});

test("/ goes to /Home", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/Home$/);
  await waitForContent(page);
});

test("routes match ignoring case", async ({ page }) => {
  await page.goto("/PEOPLE");
  await waitForContent(page);
  await expect(page).toHaveTitle(plain(fixturePage("People").title));
});

test("a page reached through the catch-all renders", async ({ page }) => {
  await page.goto("/Feedback");
  await waitForContent(page);
  await expect(page).toHaveTitle(plain(fixturePage("Feedback").title));
});

test("an unknown path whose page has id 0 goes to / and on to /Home", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page).toHaveURL(/\/Home$/);
  await waitForContent(page);
});

test("a detail page whose page has id 0 shows the not-found screen", async ({ page }) => {
  await page.goto("/blogs/no-such-post");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/This page could not be found/);
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

test("a content service that fails inside the site gives a Try again that recovers", async ({ page }) => {
  await page.goto("/Home");
  await waitForContent(page);
  let fail = true;
  await page.route("**/api/page/get", (route) => (fail ? route.fulfill({ status: 503, body: "down" }) : route.fallback()));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About Us" }).first().click();
  await expect(page.getByRole("heading", { name: "This page could not be loaded" })).toBeVisible();
  await expect(page.getByText("The content service answered with an error (503)")).toBeVisible();
  fail = false;
  await page.getByRole("button", { name: "Try again" }).click();
  await waitForContent(page);
  await expect(page).toHaveTitle(plain(fixturePage("About-Us").title));
});

test("a content service that fails for the server gives the retry screen with 503; Try again asks the server again", async ({ page }) => {
  const upstream = await otherService();
  const site = await startSiteOnFixtures({ env: { ...process.env, ...e2eEnv, CONTENT_API_BASE: upstream.url } });
  try {
    upstream.state.failing = true;
    const response = await page.goto(`${site.url}/about-us`);
    expect(response?.status()).toBe(503);
    await expect(page.getByRole("heading", { name: "This page could not be loaded" })).toBeVisible();
    // The browser takes the retry screen over and asks for the page itself (failing too) before the service comes back.
    await expect(page.locator("html[data-app-ready]")).toHaveCount(1, { timeout: 20_000 });
    await expect(page.getByText("Loading...")).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByRole("heading", { name: "This page could not be loaded" })).toBeVisible();
    upstream.state.failing = false;
    await page.getByRole("button", { name: "Try again" }).click();
    await waitForContent(page);
    await expect(page).toHaveTitle(plain(fixturePage("About-Us").title));
    // Its pictures come through the site's /_media/ from the other service, as on a page the server rendered.
    const hero = page.locator("main img").first();
    await expect(hero).toHaveAttribute("src", /\/_media\//);
    await expect.poll(() => hero.evaluate((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0)).toBe(true);
  } finally {
    await site.close();
    await upstream.close();
  }
});

test("blocks whose code fails to load fail in their own places, offering a reload; the rest of the page stays", async ({ page }) => {
  // A block that does nothing in the browser has a file of its own (src/build/blockCode.ts), asked
  // for only when the browser renders a page itself: an in-site navigation to /Home, whose panels fail.
  await page.route(/\/assets\/Panels-[^/]+\.js$/, (route) => route.abort("failed"));
  await page.goto("/contact-us");
  await waitForBlocks(page);
  await page.getByRole("banner").getByRole("link", { name: "Corvane Global Services home" }).click();
  await expect(page.getByText("This section could not be loaded.").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Reload page" }).first()).toBeVisible();
  // The panels' section is the one that failed, in its own place.
  await expect(page.locator("main .panels")).toHaveCount(0);
  // The other blocks (the hero, with the page's heading) stay.
  await expect(page.locator("main h1").first()).toBeVisible();
  await expect(page.locator('[data-slot="faqs"] summary').first()).toBeVisible();
});

test("content images reserve their space: no layout shift as they load", async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { __cls: number }).__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto("/global-brand-solutions/branding-creative");
  await waitForBlocks(page);
  for (const image of await page.locator("main img").all()) {
    const reserved = await image.evaluate((img) => (img.getAttribute("width") && img.getAttribute("height")) || getComputedStyle(img).aspectRatio !== "auto");
    expect(reserved, await image.getAttribute("src") ?? "").toBeTruthy();
  }
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBeLessThan(0.05);
});
