/**
 * An editor's preview in Chromium (CONTENT-API 9, docs/content-editors.md): the draft on the
 * served page and after an in-site navigation while another browser sees the published page,
 * the exit, a preview inside the editor's tool on another site (a frame of b.localhost showing
 * a.localhost: a partitioned cookie), the address fallback when the browser gets no cookie, and
 * the notice without script. The server's side (caches, headers, tokens) is tests/previews.test.ts's.
 */
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { startSiteOnFixtures } from "../siteOnFixtures.ts";
import { signPreviewToken } from "../../src/shared/previewToken.ts";
import type { SiteServer } from "../../src/server/siteServer.ts";
import { e2eEnv } from "./env.ts";
import { waitForContent } from "./helpers.ts";

const secret = "the-e2e-preview-secret-0123456789abcdefgh";
const link = (site: SiteServer, path: string, origin = site.url) => `${origin}/_preview?token=${signPreviewToken({ exp: Math.floor(Date.now() / 1000) + 900, path }, secret)}`;
const drafts = { about: "About Us (draft: our next chapter) | Corvane", people: "Our People (draft) | Corvane" };
const published = { about: "About Us | Corvane", people: "Our People | Corvane" };

let site: SiteServer;
/** The editor's tool, another site on loopback (b.localhost): a page framing the preview link it is handed. */
let editor: Server;
let editorTool: string;
const framing = { src: "" };
test.beforeAll(async () => {
  editor = createServer((_req, res) => res.writeHead(200, { "Content-Type": "text/html" }).end(`<!doctype html><title>Editor</title><h1>Editing About us</h1><iframe title="Preview" src="${framing.src}" style="width:1200px;height:900px"></iframe>`));
  await new Promise<void>((resolve) => editor.listen(0, "127.0.0.1", resolve));
  editorTool = `http://b.localhost:${String((editor.address() as AddressInfo).port)}`;
  site = await startSiteOnFixtures({ env: { ...process.env, ...e2eEnv, LEADS_DB: ":memory:", PREVIEW_SECRET: secret, PREVIEW_FRAME_ANCESTORS: editorTool } });
});
test.afterAll(async () => {
  await site.close();
  await new Promise((resolve) => editor.close(resolve));
});

/** Follows the header's menu link to the People page, as a visitor does (the router's navigation once the app runs). */
async function goToPeople(page: Page) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "People", exact: true }).click();
}

test.describe("an editor's preview", () => {
  test("shows the draft on the served page and after an in-site navigation, while another browser sees the published page before, during and after", async ({ browser }) => {
    const visitor = await browser.newContext();
    const editor = await browser.newContext();
    const reader = await visitor.newPage();
    await reader.goto(`${site.url}/about-us`);
    await expect(reader).toHaveTitle(published.about);

    const page = await editor.newPage();
    await page.goto(link(site, "/about-us"));
    await expect(page).toHaveURL(`${site.url}/about-us`);
    await expect(page).toHaveTitle(drafts.about);
    await expect(page.getByRole("region", { name: "Preview" })).toContainText("Preview — not published.");
    await waitForContent(page);
    await expect(page.locator("main")).toContainText("our next chapter");

    await reader.reload();
    await expect(reader).toHaveTitle(published.about);
    await expect(reader.locator("main")).not.toContainText("our next chapter");

    // An in-site link: the router loads the next page through the site's own /api, which adds the preview.
    const calls: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/page/get")) calls.push(request.url());
    });
    await goToPeople(page);
    await expect(page).toHaveTitle(drafts.people);
    await expect(page.locator("main")).toContainText("in their own words");
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((url) => url.startsWith(`${site.url}/api/`))).toBe(true);

    await reader.goto(`${site.url}/People`);
    await expect(reader).toHaveTitle(published.people);

    // Exit: published at once, in the same tab.
    await page.getByRole("region", { name: "Preview" }).getByRole("link", { name: "Exit preview" }).click();
    await expect(page).toHaveURL(`${site.url}/People`);
    await expect(page).toHaveTitle(published.people);
    await expect(page.getByRole("region", { name: "Preview" })).toHaveCount(0);
    await page.goto(`${site.url}/about-us`);
    await expect(page).toHaveTitle(published.about);
    await reader.goto(`${site.url}/about-us`);
    await expect(reader).toHaveTitle(published.about);
    await Promise.all([visitor.close(), editor.close()]);
  });

  test("works inside a frame of the editor's tool on another site", async ({ browser }) => {
    const context = await browser.newContext();
    const framed = `http://a.localhost:${new URL(site.url).port}`;
    framing.src = link(site, "/about-us", framed);
    const page = await context.newPage();
    await page.goto(`${editorTool}/editor`);
    const frame = page.frameLocator('iframe[title="Preview"]');
    const preview = () => page.frames().find((f) => f.url().startsWith(framed));
    // The cookie was kept (partitioned under the editor's site): the frame's address is the page's own, without the token.
    await expect.poll(() => preview()?.url()).toBe(`${framed}/about-us`);
    await expect.poll(() => preview()?.title()).toBe(drafts.about);
    await expect(frame.getByRole("region", { name: "Preview" })).toContainText("Preview — not published.");
    await expect(frame.locator("main")).toContainText("our next chapter", { timeout: 20_000 });
    // And in the frame, the next page is the draft too.
    await frame.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "People", exact: true }).click();
    await expect.poll(() => preview()?.title(), { timeout: 20_000 }).toBe(drafts.people);
    await context.close();
  });

  test("keeps the token in the address of each page when the browser gets no cookie", async ({ browser }) => {
    const context: BrowserContext = await browser.newContext();
    // The browser never sees the preview cookie, as one refusing it in another site's frame (fetched outside the browser, whose own fetch would keep it).
    await context.route("**/_preview?**", async (route) => {
      const answer = await fetch(route.request().url(), { redirect: "manual" });
      const headers = Object.fromEntries([...answer.headers.entries()].filter(([name]) => name !== "set-cookie"));
      await route.fulfill({ status: answer.status, headers, body: Buffer.from(await answer.arrayBuffer()) });
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto(link(site, "/about-us"));
    await expect(page).toHaveTitle(drafts.about);
    expect(new URL(page.url()).searchParams.get("corvane-preview")).not.toBeNull();
    expect((await context.cookies()).filter((cookie) => cookie.name.includes("preview"))).toEqual([]);
    await waitForContent(page);
    // An in-site link loads the next page whole, with the token in its address.
    await goToPeople(page);
    await expect(page).toHaveTitle(drafts.people);
    await expect(page).toHaveURL(/\/People\?corvane-preview=/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/People$/);
    await waitForContent(page);
    // The links the server wrote with the token hydrate as they are: no mismatch reported.
    expect(errors).toEqual([]);
    await context.close();
  });

  test("says it is a preview, until when, and leaves it, without script", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(link(site, "/about-us"));
    const notice = page.getByRole("region", { name: "Preview" });
    await expect(notice).toContainText("Preview — not published.");
    await expect(notice).toContainText(/The preview ends at \d\d:\d\d UTC/);
    await notice.getByRole("link", { name: "Exit preview" }).click();
    await expect(page).toHaveTitle(published.about);
    await context.close();
  });
});
