/**
 * Server-rendered pages in real Chromium: what a crawler without JavaScript reads, and how the
 * browser takes the server's page over (hydration) without replacing or changing it.
 */
import { expect, test, type Page } from "@playwright/test";
import { fixedRoutes, fixtureList, fixturePage, plain } from "./fixtures.ts";
import { waitForBlocks, waitForContent, watchLoadingScreen } from "./helpers.ts";

const detailPages = (["blogs", "casestudies", "thoughtpapers"] as const).map((kind) => {
  const [item] = fixtureList(kind);
  if (!item) throw new Error(`no ${kind} fixtures`);
  return { path: `/${kind === "thoughtpapers" ? "thoughtPapers" : kind}${item.anchorlink}`, title: plain(item.title) };
});

/** The sections and headings a visitor reads, for comparing two views of one page. */
function pageOutline(page: Page) {
  return page.evaluate(() => ({
    slots: [...new Set([...document.querySelectorAll("main [data-slot]")].map((element) => element.getAttribute("data-slot")))].sort(),
    headings: [...document.querySelectorAll("main h1, main h2, main h3")].map((heading) => heading.textContent.replace(/\s+/g, " ").trim()).filter(Boolean).sort(),
  }));
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, page: name } of fixedRoutes) {
    test(`${path} arrives as its finished page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(plain(fixturePage(name).title));
      await expect(page.locator("main h1").first()).toBeVisible();
      await expect(page.getByText("Loading...")).toHaveCount(0);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`^https?://[^/]+${path}$`));
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /.+/);
      await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
      await expect(page.locator("footer.site-footer")).toBeVisible();
      // Every section the page shows is in the HTML with its text (or its picture), none is a loading placeholder.
      await expect(page.locator(".block-loading")).toHaveCount(0);
      const empty = await page.locator("main [data-slot]").evaluateAll((sections) =>
        sections
          .filter((section) => section.textContent.trim() === "" && !section.querySelector("img, video, svg") && !/background/.test(section.getAttribute("style") ?? "") && section.getAttribute("aria-hidden") !== "true")
          .map((section) => section.getAttribute("data-slot")),
      );
      expect(empty).toEqual([]);
    });
  }

  for (const { path, title } of detailPages) {
    test(`${path} arrives as its finished page`, async ({ page }) => {
      expect((await page.goto(path))?.status()).toBe(200);
      await expect(page).toHaveTitle(title);
      await expect(page.locator("main h1").first()).toBeVisible();
    });
  }

  test("a list's first page of results is in the HTML", async ({ page }) => {
    await page.goto("/blogs");
    await expect(page.locator(".content-list .card").first()).toBeVisible();
    await expect(page.getByText("Loading...")).toHaveCount(0);
  });

  test("breadcrumbs carry BreadcrumbList data with absolute addresses", async ({ page }) => {
    await page.goto("/global-brand-solutions/branding-creative");
    const data = await page.locator('script[type="application/ld+json"]').allTextContents();
    const trail = data.map((text) => JSON.parse(text) as { "@type": string; itemListElement?: { item: string }[] }).find((entry) => entry["@type"] === "BreadcrumbList");
    expect(trail?.itemListElement?.every((crumb) => /^https?:\/\//.test(crumb.item))).toBe(true);
  });
});

test.describe("hydration", () => {
  for (const path of ["/Home", "/global-brand-solutions/branding-creative", "/blogs", detailPages[0]?.path ?? "/blogs"]) {
    test(`${path}: the server's page is taken over as it is, without a warning`, async ({ page, browser }) => {
      const problems: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") problems.push(message.text());
      });
      page.on("pageerror", (error) => problems.push(error.message));
      // The browser hydrates from the page the server resolved: it asks the content service nothing.
      const contentCalls: string[] = [];
      // Its styles are in the HTML: the code, loading each block, fetches none of them again.
      const styleSheets: string[] = [];
      page.on("request", (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith("/api/")) contentCalls.push(pathname);
        if (request.resourceType() === "stylesheet" || pathname.endsWith(".css")) styleSheets.push(pathname);
      });
      await page.addInitScript(() => {
        // The nodes the server sent, remembered before any script of the page runs.
        document.addEventListener("DOMContentLoaded", () => {
          Object.assign(window, { serverHeading: document.querySelector("main h1"), serverRootChild: document.getElementById("root")?.firstElementChild });
        });
      });
      await page.goto(path);
      await waitForBlocks(page);
      const same = await page.evaluate(() => {
        const remembered = window as unknown as { serverHeading: Element | null; serverRootChild: Element | null | undefined };
        return remembered.serverHeading === document.querySelector("main h1") && remembered.serverRootChild === document.getElementById("root")?.firstElementChild;
      });
      expect(same).toBe(true);
      expect(problems).toEqual([]);
      expect(contentCalls).toEqual([]);
      expect(styleSheets).toEqual([]);
      // What a visitor with JavaScript sees is what the server sent.
      const withScript = await pageOutline(page);
      const context = await browser.newContext({ javaScriptEnabled: false });
      const plainPage = await context.newPage();
      await plainPage.goto(path);
      const withoutScript = await pageOutline(plainPage);
      await context.close();
      expect(withoutScript.headings).toEqual(withScript.headings);
      expect(withoutScript.slots).toEqual(withScript.slots);
    });
  }

  test("a section that does nothing in the browser keeps the server's HTML, loads no code, and its links still move inside the site", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith(".js")) scripts.push(pathname);
    });
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        Object.assign(window, { serverCrumb: document.querySelector("nav.breadcrumbs a") });
      });
    });
    await page.goto("/global-brand-solutions/branding-creative");
    await waitForBlocks(page);
    // The breadcrumbs (not interactive) are the server's own nodes, and no file of the build named after them was loaded.
    expect(await page.evaluate(() => (window as unknown as { serverCrumb: Element | null }).serverCrumb === document.querySelector("nav.breadcrumbs a"))).toBe(true);
    expect(scripts.filter((script) => /\/(Breadcrumbs|Hero)-[\w-]+\.js$/.test(script))).toEqual([]);
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));
    // Its first crumb (Home) goes through the router: the page is not loaded again.
    await page.locator("nav.breadcrumbs a").first().click();
    await expect(page).not.toHaveURL(/branding-creative/);
    await expect(page.locator("main h1")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });

  test("the first view shows no loading screen; a page reached inside the site shows it for its minimum time", async ({ page }) => {
    await page.goto("/Home");
    // Once the app has taken the page over: a link clicked before is the browser's own navigation,
    // which loads the next page's HTML whole (no loading screen to see), as it should.
    await waitForContent(page);
    const loadingScreenShown = await watchLoadingScreen(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About Us" }).first().click();
    await expect(page.locator("main h1")).toHaveText(plain(fixturePage("About-Us").heading));
    // Shown, and still there once the page's data had arrived (the first navigation hydrates every section still waiting first).
    expect(await loadingScreenShown()).not.toBeNull();
  });
});
