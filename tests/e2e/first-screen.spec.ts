/**
 * The first screen's pictures in Chromium, on a phone (docs/performance.md, "The first screen's
 * pictures"): on a page whose first screen is a text hero and then panels of photographs, the
 * first panels' photographs are asked for first, at high priority (preloaded from the head); the
 * panels further down are lazy and asked for after them at a low priority; hydration keeps it all
 * as the server sent it.
 */
import { expect, test } from "@playwright/test";
import { waitForContent } from "./helpers.ts";

test.use({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 });

test("a page whose first screen is panels asks for its first photographs first, at high priority, and for the later ones lazily, at a low one", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  // Chromium's own record of each request, with its priority.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const requested: { photo: string; priority: string }[] = [];
  cdp.on("Network.requestWillBeSent", (event: { request: { url: string; initialPriority: string } }) => {
    const photo = /\/_media\/media\/(photo-\d)\.jpg/.exec(event.request.url)?.[1];
    if (photo) requested.push({ photo, priority: event.request.initialPriority });
  });

  await page.goto("/our-studios");
  await waitForContent(page);
  const images = page.locator(".panel__image");
  await expect(images).toHaveCount(4);
  expect(await images.evaluateAll((all) => all.map((image) => [image.getAttribute("loading"), image.getAttribute("fetchpriority")]))).toEqual([
    ["eager", "high"],
    ["eager", "high"],
    ["lazy", null],
    ["lazy", null],
  ]);
  await expect.poll(() => images.first().evaluate((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0)).toBe(true);
  // The first two at high priority and first; the later ones (lazy, but within Chromium's loading
  // distance on this short page) at a low one, after them.
  await expect.poll(() => requested.length).toBeGreaterThanOrEqual(2);
  expect(requested.slice(0, 2).map(({ photo }) => photo).sort()).toEqual(["photo-1", "photo-2"]);
  expect(requested.slice(0, 2).every(({ priority }) => priority === "High" || priority === "VeryHigh")).toBe(true);
  expect(requested.slice(2).filter(({ priority }) => priority === "High" || priority === "VeryHigh")).toEqual([]);
  expect(problems).toEqual([]);
});
