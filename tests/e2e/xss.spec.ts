import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { startSiteOnFixtures } from "../siteOnFixtures.ts";
import { e2eEnv } from "./env.ts";
import { rendered, waitForBlocks } from "./helpers.ts";
import { otherService } from "./otherService.ts";

let cleanups: (() => Promise<void>)[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups) await cleanup();
  cleanups = [];
});

/**
 * Every payload of tests/xss/payloads.txt, in real Chromium, through every place a page
 * shows content: page fields, the long description, and the items of every block type. A
 * payload "executes" if it reaches alert/prompt/confirm, opens a dialog, or leaves script,
 * an on* handler or a script: URL in the DOM.
 */
const payloads = readFileSync(new URL("../xss/payloads.txt", import.meta.url), "utf8").split("\n").filter((l) => l.trim() !== "");
const perPage = 450;
const chunks = Array.from({ length: Math.ceil(payloads.length / perPage) }, (_, i) => payloads.slice(i * perPage, (i + 1) * perPage));

const types = [5, 10, 8, 9, 11, 2, 15, 4, 6, 3, 13];

function hostilePage(chunk: string[], index: number) {
  const at = (n: number) => chunk[n % chunk.length] ?? "";
  return {
    id: 900 + index,
    name: `xss-${index}`,
    title: at(0),
    metaDescription: at(1),
    metaKeywords: at(2),
    heading: at(3),
    heading1: at(4),
    category: at(5),
    desc: at(6),
    shortDesc: at(7),
    longDesc: chunk.join("\n<br>\n"),
    pageheroimage: at(8),
    pageFixedImage: at(9),
    csImage: at(10),
    blogImage: at(11),
    carouselList: chunk.slice(0, 20).map((p, i) => ({ id: i + 1, title: p, shortDesc: at(i + 5) })),
    resources: { "FAQS-TITLE": at(12), "BLOGS-TITLE": at(13) },
    contents: chunk.map((p, i) => ({
      id: i + 1,
      type: types[i % types.length],
      title: p,
      shortDesc: at(i + 1),
      longDesc: at(i + 2),
      image: at(i + 3),
      authorImage: at(i + 4),
      authorName: at(i + 5),
      designation: at(i + 6),
      link: at(i + 7),
      anchorlink: at(i + 8),
      video: at(i + 9),
      documentPath: at(i + 10),
      number: at(i + 11),
      date: "2026-01-01T00:00:00",
      tags: [at(i + 12)],
      direction: i % 2 ? "Left" : "Right",
    })),
  };
}

/** Menus and text resources from the same chunk: header, footer and breadcrumbs show them, the breadcrumbs also as structured data. */
function hostileMenus(chunk: string[], index: number) {
  const at = (n: number) => chunk[n % chunk.length] ?? "";
  const item = (n: number, PageURL: string | null = at(n + 1), SubMenu: unknown[] | null = null) => ({ MenuName: at(n), PageURL, SubMenu });
  const many = (from: number, count: number) => Array.from({ length: count }, (_, i) => item(from + i));
  return [
    // The breadcrumb of the hostile page takes its text from the menu item that links to it.
    { MenuGroupName: "xss</script>-TopNext", MenuList: [item(20, "", [item(21, `/xss-check-${index}`), item(22, "/a", many(23, 6))]), item(30, "", many(31, 8))] },
    { MenuGroupName: "\"><img src=x onerror=alert(1)>Top", MenuList: many(40, 8) },
    { MenuGroupName: "BottomLeft", MenuList: many(50, 8) },
    { MenuGroupName: "BottomCenter", MenuList: many(60, 8) },
    { MenuGroupName: "BottomRight", MenuList: many(70, 8) },
    { MenuGroupName: "Bottom", MenuList: many(80, 8) },
  ];
}

/** Reports what payloads set off: dialogs, and the page's alert, prompt, confirm and print. */
async function watchForExecution(page: Page): Promise<string[]> {
  const fired: string[] = [];
  page.on("dialog", (dialog) => {
    fired.push(`dialog ${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.exposeFunction("__xssFired", (what: string) => fired.push(what));
  await page.addInitScript(() => {
    const report = (name: string) => (...args: unknown[]) => {
      (window as unknown as { __xssFired: (what: string) => void }).__xssFired(`${name}(${args.map(String).join(",")})`);
      return null;
    };
    window.alert = report("alert");
    window.prompt = report("prompt");
    window.confirm = () => {
      report("confirm")();
      return false;
    };
    window.print = report("print");
  });
  return fired;
}

/** A content service with the hostile page of `chunk`, menus and resources, and the site on it. */
async function hostileSite(chunk: string[], index: number) {
  const upstream = await otherService({
    "/api/page/get": (body: string) => (JSON.parse(body) === `/xss-check-${index}` ? hostilePage(chunk, index) : undefined),
    "/api/menu/GetMenuList": hostileMenus(chunk, index),
    "/api/resource/list": ["FOOTER-DESCRIPTION", "FOOTER-COPYRIGHT", "FOOTER-SOLUTIONS-TITLE", "ICONS-TITLE"].map((name, i) => ({ name, value: chunk[(90 + i) % chunk.length] ?? "" })),
  });
  const site = await startSiteOnFixtures({ env: { ...process.env, ...e2eEnv, CONTENT_API_BASE: upstream.url } });
  test.info().attach("site", { body: site.url }).catch(() => undefined);
  cleanups.push(async () => {
    await site.close();
    await upstream.close();
  });
  return site;
}

/** Whatever of the page could run: frames, scripts in main, on* handlers, script: URLs where they navigate. */
function executableInPage(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of document.querySelectorAll("*")) {
      const tag = element.tagName.toLowerCase();
      if (["iframe", "frame", "object", "embed", "base"].includes(tag)) found.push(`<${tag}>`);
      // Structured data is a data block browsers never run: allowed while its text still parses as JSON.
      const dataBlock = tag === "script" && element.getAttribute("type") === "application/ld+json" && element.attributes.length === 1 && (() => {
        try {
          JSON.parse(element.textContent);
          return true;
        } catch {
          return false;
        }
      })();
      if (tag === "script" && element.closest("main") && !dataBlock) found.push("<script> in main");
      for (const attribute of element.attributes) {
        if (attribute.name.startsWith("on")) found.push(`${tag}[${attribute.name}]`);
        const compact = attribute.value.replace(/[\p{Cc}\s]/gu, "").toLowerCase();
        const navigates = /^(href|action|formaction|xlink:href|data|srcdoc)$/.test(attribute.name) || ["iframe", "frame", "embed", "object", "script"].includes(tag);
        // data: is a document (and can run script) only where it navigates or embeds; in <img> or <track> it is inert.
        const holdsUrl = /^(href|src|action|formaction|xlink:href|data|srcdoc|poster|background|lowsrc|dynsrc|ping|cite)$/.test(attribute.name);
        if (holdsUrl && (/^(javascript|vbscript|livescript):/.test(compact) || (compact.startsWith("data:") && navigates))) {
          found.push(`${tag}[${attribute.name}=${attribute.value.slice(0, 30)}]`);
        }
      }
    }
    return found;
  });
}

/** Lets anything that would fire (image errors, animations, focus handlers) have its chance. */
async function provoke(page: Page) {
  await page.mouse.move(200, 300);
  await page.mouse.wheel(0, 20_000);
  await page.clock.runFor(2000);
  await page.waitForLoadState("networkidle");
  await rendered(page);
}

for (const [index, chunk] of chunks.entries()) {
  test(`XSS payloads ${index * perPage + 1}-${index * perPage + chunk.length} never execute`, async ({ page }) => {
    const fired = await watchForExecution(page);
    // The server renders the hostile page, menus and resources into its HTML (sanitized there),
    // and the browser hydrates them (keeping the server's HTML).
    const site = await hostileSite(chunk, index);
    await page.clock.install();
    await page.goto(`${site.url}/xss-check-${index}`);
    await waitForBlocks(page);
    // The header, footer and breadcrumbs are there, showing the hostile text.
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    // Open every dropdown, so its links are rendered visible and can be interacted with.
    for (const button of await page.locator("header button[aria-expanded]").all()) {
      if (await button.isVisible()) await button.click();
    }
    await provoke(page);
    expect(fired).toEqual([]);
    expect(await executableInPage(page)).toEqual([]);
  });
}

test("XSS payloads of a page reached inside the site, rendered and sanitized in the browser, never execute", async ({ page }) => {
  const [chunk] = chunks;
  if (!chunk) throw new Error("no payloads");
  const fired = await watchForExecution(page);
  const site = await hostileSite(chunk, 0);
  await page.clock.install();
  await page.goto(`${site.url}/Home`);
  await waitForBlocks(page);
  await page.evaluate(() => document.documentElement.setAttribute("data-before-navigation", ""));
  // The header's link to the hostile page, followed by the router: its loader and render run in the browser.
  await page.locator('header a[href="/xss-check-0"]').first().dispatchEvent("click");
  await expect(page).toHaveURL(/\/xss-check-0$/);
  await waitForBlocks(page);
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toBeVisible();
  // The same document: the page was rendered, and its content HTML sanitized, in the browser.
  await expect(page.locator("html[data-before-navigation]")).toHaveCount(1);
  await provoke(page);
  expect(fired).toEqual([]);
  expect(await executableInPage(page)).toEqual([]);
});
