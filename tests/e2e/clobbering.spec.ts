import { expect, test } from "@playwright/test";
import { startSiteOnFixtures } from "../siteOnFixtures.ts";
import { clobberingPayloads, withPayloadInEveryHtmlField } from "../clobbering.ts";
import { e2eEnv } from "./env.ts";
import { disclosure, waitForBlocks } from "./helpers.ts";
import { otherService } from "./otherService.ts";

/**
 * Content cannot reach the page's own machinery (issue 45), in Chromium: with a clobbering id in
 * every HTML field of every content answer, the app still hydrates from the server's data, its
 * menus open and its forms send.
 */
let cleanups: (() => Promise<void>)[] = [];
test.afterEach(async () => {
  for (const cleanup of cleanups) await cleanup();
  cleanups = [];
});

/** The site on a content service whose every HTML field ends with `payload` (menus aside: their text is never HTML). */
async function siteWithPayload(payload: string, extra: (path: string, answer: unknown) => unknown = (_path, answer) => answer) {
  const upstream = await otherService({}, { alter: (path, answer) => extra(path, path === "/api/menu/GetMenuList" ? answer : withPayloadInEveryHtmlField(answer, payload)) });
  const site = await startSiteOnFixtures({ env: { ...process.env, ...e2eEnv, CONTENT_API_BASE: upstream.url } });
  cleanups.push(async () => {
    await site.close();
    await upstream.close();
  });
  return { site, upstream };
}

for (const [kind, payload] of Object.entries(clobberingPayloads)) {
  test(`(${kind}) in every HTML field: the app hydrates, its menus open and the contact form sends`, async ({ page }) => {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    const { site, upstream } = await siteWithPayload(payload);
    await page.goto(`${site.url}/contact-us`);
    await waitForBlocks(page);
    // The payload is on the page (prefixed), and the page took the server's own data: hydrated, not rendered anew.
    await expect(page.locator("#user-content-corvane-hydration, #user-content-root").first()).toBeAttached();
    expect(await page.evaluate(() => document.getElementById("corvane-hydration"))).toBeNull();
    // A menu of the header opens.
    const brand = disclosure(page, "Brand & Creative");
    await brand.click();
    await expect(brand).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    // The contact form sends its lead through the site to the service.
    await page.getByRole("textbox", { name: "Full Name" }).fill("Grace Hopper");
    await page.getByRole("textbox", { name: "Organization" }).fill("Compilers & Co");
    await page.getByRole("textbox", { name: "Business Email" }).fill(`grace.${Date.now()}@compilers.example`);
    await page.getByRole("textbox", { name: "Phone Number" }).pressSequentially("+1 (212) 555-0163");
    await page.getByRole("textbox", { name: "Tell us about your request..." }).fill("Hydrated as it should be.");
    const captcha = page.getByRole("checkbox", { name: "I'm not a robot" });
    await captcha.click();
    await expect(captcha).toBeChecked();
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/thankyou$/i);
    // The lead outbox hands it on once it is stored (docs/leads.md).
    await expect.poll(() => upstream.received.filter((request) => request.path === "/api/contactus/create").length).toBe(1);
    expect(problems).toEqual([]);
  });
}

test("a fragment link inside content still reaches its target, and so does an address naming it", async ({ page }) => {
  const filler = Array.from({ length: 40 }, (_, index) => `<p>Paragraph ${index + 1} of a long post.</p>`).join("");
  const anchored = `<p><a href="#the-end">Jump to the end</a></p>${filler}<h2 id="the-end">The end of the post</h2>`;
  // The post's text (the blog item's, else the page's: src/blocks/article-detail) with a link to its own last heading.
  const { site } = await siteWithPayload(clobberingPayloads["hydration data as JSON"], (path, answer) => {
    const page = answer as Record<string, unknown>;
    if (path !== "/api/page/get" || typeof page.blog !== "object" || page.blog === null) return answer;
    return { ...page, longDesc: anchored, blog: { ...page.blog, longDesc: anchored } };
  });
  await page.goto(`${site.url}/blogs/future-of-shared-services`);
  await waitForBlocks(page);
  const end = page.getByRole("heading", { name: "The end of the post" });
  await expect(end).not.toBeInViewport();
  await page.getByRole("link", { name: "Jump to the end" }).click();
  await expect(end).toBeInViewport();
  await expect(page).toHaveURL(/#user-content-the-end$/);
  // A link from elsewhere naming the heading as the editor wrote it.
  await page.goto(`${site.url}/blogs/future-of-shared-services#the-end`);
  await waitForBlocks(page);
  await expect(end).toBeInViewport();
});
