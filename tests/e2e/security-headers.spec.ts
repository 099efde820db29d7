import { createHash } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { waitForBlocks } from "./helpers.ts";

/**
 * The site works under its own Content-Security-Policy: every page is served with the
 * security headers, and Chromium reports no violation while the pages load, their lazy
 * blocks (the Lottie player among them) run, and the forms are used.
 */

/** Every CSP violation the browser reports from the first byte of the page on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.defineProperty(window, "__cspViolations", { value: seen });
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return async () => [...console, ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations))];
}

test("every page answer carries the security headers and a revalidated Cache-Control", async ({ page }) => {
  const response = await page.goto("/Home");
  const headers = response?.headers() ?? {};
  expect(headers["content-security-policy"]).toMatch(/script-src 'self'[;\s]/);
  expect(headers["content-security-policy"]).not.toMatch(/'unsafe-eval'|script-src[^;]*'unsafe-inline'/);
  expect(headers["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
  expect(headers).toMatchObject({
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
    "cache-control": "public, max-age=0",
  });
  expect(headers["permissions-policy"]).toMatch(/camera=\(\), /);
  expect(headers["strict-transport-security"]).toBeUndefined();
});

test("the page's loader (src/boot.ts) is written into the page, and the CSP lets exactly that text run", async ({ page }) => {
  const bootFiles: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/boot-[^/]+\.js$/.test(request.url())) bootFiles.push(request.url());
  });
  const violations = await watchViolations(page);
  const response = await page.goto("/global-brand-solutions");
  const inline = await page.locator("script[type=module][data-entry]:not([src])").evaluate((script) => script.textContent);
  const hash = `'sha256-${createHash("sha256").update(inline).digest("base64")}'`;
  const scriptSrc = /script-src ([^;]*)/.exec(response?.headers()["content-security-policy"] ?? "")?.[1]?.split(" ");
  expect(scriptSrc).toEqual(["'self'", hash]);
  await waitForBlocks(page);
  expect(bootFiles).toEqual([]);
  expect(await violations()).toEqual([]);
});

test("the scripts are sent immutable, and React's file, the largest, compressed", async ({ page }) => {
  const scripts = new Map<string, { encoding: string | undefined; cache: string | undefined }>();
  page.on("response", (response) => {
    const name = /\/assets\/(index|framework)-[^/]+\.js$/.exec(response.url())?.[1];
    if (name) scripts.set(name, { encoding: response.headers()["content-encoding"], cache: response.headers()["cache-control"] });
  });
  await page.goto("/Home");
  await waitForBlocks(page);
  expect(scripts.get("framework")).toEqual({ encoding: "br", cache: "public, max-age=31536000, immutable" });
  // The entry is a few hundred bytes, under the size worth compressing (src/server/http/precompress.ts).
  expect(scripts.get("index")?.cache).toBe("public, max-age=31536000, immutable");
});

for (const path of ["/Home", "/about-us", "/contact-us", "/blogs", "/thoughtPapers/state-of-intelligent-automation-2026", "/global-brand-solutions"]) {
  test(`${path} runs under the site's CSP with no violation`, async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto(path);
    await waitForBlocks(page);
    // Bring every lazy block into view, and on /Home start the Lottie player.
    for (const slot of await page.locator("[data-slot]").all()) await slot.scrollIntoViewIfNeeded();
    if (path === "/Home") {
      await page.locator('[data-slot="media"]').getByRole("button", { name: "Play animation" }).click();
      await expect(page.locator('[data-slot="media"] .lottie__canvas svg')).toBeVisible({ timeout: 10_000 });
    }
    await waitForBlocks(page);
    expect(await violations()).toEqual([]);
  });
}
