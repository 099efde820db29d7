// @vitest-environment node
/**
 * Editors' previews on the production server (CONTENT-API 9, docs/content-editors.md), on the
 * built renderer and the fixture content (its drafts of About-Us and People) served over HTTP,
 * with a real Redis: who sees a draft and who never does, what is kept (nothing), the entry and
 * exit, the headers, the browser's content calls and media. The browser's side (navigation,
 * frames, the address fallback) is tests/e2e/preview.spec.ts's.
 */
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSiteOnFixtures } from "./siteOnFixtures.ts";
import { previewCookieName } from "../src/server/preview/cookie.ts";
import { signPreviewToken } from "../src/shared/previewToken.ts";
import type { SiteServer } from "../src/server/siteServer.ts";
import { fixtureContentOverHttp } from "./contentService.ts";
import { startRedis, type RedisServer } from "./redisServer.ts";
import { send, tempLeadsDb } from "./serverFaults.ts";

const secret = "the-preview-secret-of-this-test-0123456789";
const nextSecret = "the-secret-it-is-rotated-to-0123456789abcdef";
const editorTool = "http://b.localhost:4999";
const now = () => Math.floor(Date.now() / 1000);
const token = (path?: string, exp = now() + 600, key = secret) => signPreviewToken({ exp, ...(path === undefined ? {} : { path }) }, key);
const draftTitle = "About Us (draft: our next chapter) | Corvane";
const publishedTitle = "About Us | Corvane";
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const withCookie = (value: string) => ({ Cookie: `${previewCookieName}=${value}` });

let redis: RedisServer;
let service: Awaited<ReturnType<typeof fixtureContentOverHttp>>;
let site: SiteServer;
let mediaDir: string;

beforeAll(async () => {
  redis = await startRedis();
  service = await fixtureContentOverHttp(secret);
  mediaDir = mkdtempSync(join(tmpdir(), "corvane-preview-media-"));
  site = await startSiteOnFixtures({
    env: { ...process.env, CONTENT_API_BASE: service.url, REDIS_URL: redis.url, PREVIEW_SECRET: `${secret},${nextSecret}`, PREVIEW_FRAME_ANCESTORS: editorTool, MEDIA_CACHE_DIR: mediaDir, LEADS_DB: tempLeadsDb(), OUTBOX_DB: `${tempLeadsDb()}.outbox`, LOG_LEVEL: "silent" },
  });
}, 30_000);

afterAll(async () => {
  await site.close();
  await service.close();
  await redis.stop();
});

describe("a preview's entry and exit", () => {
  it("is a 404 while PREVIEW_SECRET is empty", async () => {
    const off = await startSiteOnFixtures({ env: { ...process.env, PREVIEW_SECRET: "", LEADS_DB: tempLeadsDb(), LOG_LEVEL: "silent" } });
    try {
      for (const path of [`/_preview?token=${token("/about-us")}`, `/_preview/check?token=${token()}`, "/_preview/exit"]) expect((await send(off.url, { path })).status).toBe(404);
      // A cookie or an address parameter does nothing then.
      expect(titleOf((await send(off.url, { path: `/about-us?corvane-preview=${token()}`, headers: withCookie(token()) })).body)).toBe(publishedTitle);
    } finally {
      await off.close();
    }
  });

  it("sets the cookie that works in an editor's frame, then sends the browser to the page, with the token in its address when the cookie was refused", async () => {
    const valid = token("/about-us");
    const entry = await send(site.url, { path: `/_preview?token=${valid}` });
    expect(entry.status).toBe(303);
    expect(entry.headers.location).toBe(`/_preview/check?token=${valid}`);
    expect(entry.headers["set-cookie"]).toEqual([expect.stringMatching(new RegExp(`^${previewCookieName}=${valid.replace(".", "\\.")}; Max-Age=(599|600); Path=/; Secure; HttpOnly; SameSite=None; Partitioned$`)) as unknown]);
    expect(entry.headers["cache-control"]).toBe("private, no-store");
    const kept = await send(site.url, { path: String(entry.headers.location), headers: withCookie(valid) });
    expect([kept.status, kept.headers.location]).toEqual([303, "/about-us"]);
    const refused = await send(site.url, { path: String(entry.headers.location) });
    expect([refused.status, refused.headers.location]).toEqual([303, `/about-us?corvane-preview=${valid}`]);
    // No path: the home page.
    expect((await send(site.url, { path: `/_preview/check?token=${token()}`, headers: withCookie(token()) })).headers.location).toBe("/");
  });

  it("refuses an expired, forged or other-secret token, and a page on another origin, with a 403 page", async () => {
    const [payload = "", signature = ""] = token("/about-us").split(".");
    const forged = `${Buffer.from(JSON.stringify({ exp: now() + 600, path: "/People" })).toString("base64url")}.${signature}`;
    const refused = [token("/about-us", now() - 120), forged, `${payload}.${signature.slice(1)}`, token("/about-us", now() + 600, "another-site-secret-0123456789abcdefghij"), token("/about-us", now() + 7200), "nonsense"];
    for (const path of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", "evil.example"]) refused.push(token(path));
    for (const bad of refused) {
      const answer = await send(site.url, { path: `/_preview?token=${encodeURIComponent(bad)}` });
      expect(answer.status, bad).toBe(403);
      expect(answer.headers["set-cookie"]).toBeUndefined();
      expect([answer.headers["cache-control"], answer.headers["x-robots-tag"]]).toEqual(["private, no-store", "noindex"]);
      expect(answer.body).toContain("This preview link cannot be used");
    }
  });

  it("accepts a token of either secret while one is rotated", async () => {
    expect((await send(site.url, { path: `/_preview?token=${token("/People", now() + 600, nextSecret)}` })).status).toBe(303);
  });

  it("ends at /_preview/exit: the cookie deleted with the attributes it was set with, and the page without preview at once", async () => {
    const exit = await send(site.url, { path: "/_preview/exit?path=%2Fabout-us", headers: withCookie(token()) });
    expect([exit.status, exit.headers.location, exit.headers["cache-control"]]).toEqual([303, "/about-us", "private, no-store"]);
    expect(exit.headers["set-cookie"]).toEqual([`${previewCookieName}=; Max-Age=0; Path=/; Secure; HttpOnly; SameSite=None; Partitioned`]);
    expect(titleOf((await send(site.url, { path: "/about-us" })).body)).toBe(publishedTitle);
    // Another origin as the page to return to: the home page.
    expect((await send(site.url, { path: "/_preview/exit?path=%2F%2Fevil.example" })).headers.location).toBe("/");
  });
});

describe("a page in preview", () => {
  it("is the draft for the preview and the published page for everyone else, asked at the same moment, uncached and cached", async () => {
    const cookie = withCookie(token());
    for (const round of ["uncached", "cached", "after"]) {
      // Uncached: the visitors' page call and the preview's in flight together at the content service before either is answered.
      service.state.holdPages = round === "uncached" ? 2 : 0;
      const [published, preview, publishedAgain] = await Promise.all([send(site.url, { path: "/People" }), send(site.url, { path: "/People", headers: cookie }), send(site.url, { path: "/People" })]);
      expect([round, titleOf(published.body), titleOf(preview.body), titleOf(publishedAgain.body)]).toEqual([round, "Our People | Corvane", "Our People (draft) | Corvane", "Our People | Corvane"]);
      expect(published.body).not.toContain("in their own words");
      expect(preview.body).toContain("in their own words");
      expect(preview.body).toContain("Preview — not published.");
    }
    // The preview's calls carried the token, the visitors' never.
    const pageCalls = service.state.calls.filter((call) => call.path === "/api/page/get" && call.body === '"People"');
    expect(pageCalls.filter((call) => call.preview !== null).length).toBe(3);
    expect(pageCalls.filter((call) => call.preview === null).length).toBe(1);
  });

  it("is answered private, no-store, noindex, no-referrer, without an ETag or a shared-cache header, never a 304 from the published copy", async () => {
    const published = await send(site.url, { path: "/about-us" });
    expect(published.headers.etag).toBeDefined();
    const preview = await send(site.url, { path: "/about-us", headers: { ...withCookie(token()), "If-None-Match": String(published.headers.etag) } });
    expect(preview.status).toBe(200);
    expect(titleOf(preview.body)).toBe(draftTitle);
    expect(preview.headers).toMatchObject({ "cache-control": "private, no-store", "x-robots-tag": "noindex", "referrer-policy": "no-referrer" });
    for (const shared of ["etag", "cdn-cache-control", "surrogate-control", "xkey", "surrogate-key", "cache-tag", "vary"]) expect(preview.headers[shared], shared).toBeUndefined();
  });

  it("may be framed by the editor's tool alone; every other answer refuses frames", async () => {
    const preview = await send(site.url, { path: "/about-us", headers: withCookie(token()) });
    expect(preview.headers["content-security-policy"]).toContain(`frame-ancestors 'self' ${editorTool}`);
    expect(preview.headers["x-frame-options"]).toBeUndefined();
    expect((await send(site.url, { path: `/_preview?token=${token()}` })).headers["content-security-policy"]).toContain(`frame-ancestors 'self' ${editorTool}`);
    const published = await send(site.url, { path: "/about-us" });
    expect(published.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(published.headers["x-frame-options"]).toBe("DENY");
  });

  it("says when the service sent the published version, and until when the preview lasts, with an exit link that works without script", async () => {
    const exp = now() + 900;
    const page = await send(site.url, { path: "/contact-us", headers: withCookie(token(undefined, exp)) });
    expect(page.body).toContain("The content service sent the published version of this page.");
    expect(page.body).toContain(`<time datetime="${new Date(exp * 1000).toISOString()}">`);
    expect(page.body).toContain('<a href="/_preview/exit?path=%2Fcontact-us"');
  });

  it("in the address fallback, carries the token in every in-site link, never in the canonical link or og:url", async () => {
    const valid = token();
    const page = await send(site.url, { path: `/about-us?corvane-preview=${valid}` });
    expect(titleOf(page.body)).toBe(draftTitle);
    const links = [...page.body.matchAll(/<a\b[^>]*?\shref="(\/[^"]*)"/g)].map((match) => match[1] ?? "");
    const inSite = links.filter((href) => !href.startsWith("/_preview") && !href.startsWith("/_media"));
    expect(inSite.length).toBeGreaterThan(10);
    for (const href of inSite) expect(href).toContain(`corvane-preview=${valid}`);
    expect(page.body).toContain('<link rel="canonical" href="http://localhost:4173/about-us" />');
    expect(page.body).toMatch(/<meta property="og:url" content="http:\/\/localhost:4173\/about-us"/);
    expect(page.body).not.toMatch(/"preview":\{[^}]*corvane/);
  });

  it("follows an editor's redirect as visitors do, answered private and carrying the address fallback's token on", async () => {
    const valid = token();
    const publicAnswer = await send(site.url, { path: "/company" });
    expect([publicAnswer.status, publicAnswer.headers.location, publicAnswer.headers["cache-control"]]).toEqual([308, "/about-us", "public, max-age=0"]);
    const inPreview = await send(site.url, { path: `/company?corvane-preview=${valid}` });
    expect([inPreview.status, inPreview.headers.location, inPreview.headers["cache-control"]]).toEqual([308, `/about-us?corvane-preview=${valid}`, "private, no-store"]);
    expect(inPreview.headers["surrogate-key"] ?? inPreview.headers["cache-tag"] ?? inPreview.headers.xkey).toBeUndefined();
  });

  it("leaves no byte in the page cache, the content cache, Redis or the media cache", async () => {
    const { Redis } = await import("ioredis");
    const admin = new Redis(redis.url);
    try {
      const keysBefore = (await admin.keys("*")).sort();
      const mediaBefore = readdirSync(mediaDir, { recursive: true }).length;
      const cookie = withCookie(token());
      await send(site.url, { path: "/People", headers: cookie });
      await send(site.url, { path: `/People?corvane-preview=${token()}` });
      await send(site.url, { method: "POST", path: "/api/page/get", headers: { ...cookie, "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin" }, body: '"People"' });
      const picture = await send(site.url, { path: "/_media/media/photo-4.jpg", headers: { ...cookie, "Sec-Fetch-Site": "same-origin" } });
      expect([picture.status, picture.headers["cache-control"], picture.headers.etag]).toEqual([200, "private, no-store", undefined]);
      const resized = await send(site.url, { path: "/_media/media/photo-4.jpg.640w.webp", headers: { ...cookie, "Sec-Fetch-Site": "same-origin" } });
      expect([resized.status, resized.headers["content-type"], resized.headers["cache-control"]]).toEqual([200, "image/webp", "private, no-store"]);
      const draft = "in their own words";
      expect(site.pages.entries().filter(([, page]) => page.html.toString().includes(draft))).toEqual([]);
      expect(site.cache.answers.entries().filter(([, answer]) => answer.body.includes(draft))).toEqual([]);
      expect((await admin.keys("*")).sort()).toEqual(keysBefore);
      expect(readdirSync(mediaDir, { recursive: true }).length).toBe(mediaBefore);
      // The same picture asked by a visitor is kept as always.
      expect((await send(site.url, { path: "/_media/media/photo-4.jpg" })).headers.etag).toBeDefined();
      expect(readdirSync(mediaDir, { recursive: true }).length).toBeGreaterThan(mediaBefore);
    } finally {
      admin.disconnect();
    }
  });
});

describe("the browser's content calls in preview", () => {
  const pageCall = (headers: Record<string, string>, path = "/api/page/get") => send(site.url, { method: "POST", path, headers: { "Content-Type": "application/json", ...headers }, body: '"About-Us"' });
  const title = (answer: { body: string }) => (JSON.parse(answer.body) as { title: string }).title;

  it("carry the preview from a verified cookie, or the address fallback's token, of a request from the site itself", async () => {
    expect(title(await pageCall({ ...withCookie(token()), "Sec-Fetch-Site": "same-origin" }))).toBe(draftTitle);
    expect(title(await pageCall({ "Sec-Fetch-Site": "same-origin" }, `/api/page/get?corvane-preview=${token()}`))).toBe(draftTitle);
    expect(title(await pageCall({ ...withCookie(token()), Origin: "http://localhost:4173" }))).toBe(draftTitle);
  });

  it("never carry it for another site, an invalid cookie, or a header the client sent itself", async () => {
    expect(title(await pageCall({ ...withCookie(token()), "Sec-Fetch-Site": "cross-site" }))).toBe(publishedTitle);
    expect(title(await pageCall({ ...withCookie(token()), Origin: "https://evil.example" }))).toBe(publishedTitle);
    expect(title(await pageCall({ ...withCookie(token(undefined, now() - 600)), "Sec-Fetch-Site": "same-origin" }))).toBe(publishedTitle);
    const calls = service.state.calls.length;
    expect(title(await pageCall({ "X-Content-Preview": token(), "Sec-Fetch-Site": "same-origin" }))).toBe(publishedTitle);
    expect(service.state.calls.slice(calls).every((call) => call.preview === null)).toBe(true);
  });
});
