// @vitest-environment node
import Database from "better-sqlite3";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { captchaVerifier, localTestToken } from "../src/shared/captcha.ts";
import { signPreviewToken } from "../src/shared/previewToken.ts";
import { loadFixtures } from "./fixtures.ts";
import { openLeadStore, type LeadStore } from "./leadStore.ts";
import { contractCallPaths } from "../tests/contractCalls.ts";
import { createContentService, fixtureServiceCalls, type ContentService } from "./service.ts";

function fixtureDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "corvane-fixtures-"));
  for (const sub of ["pages", "content", "media", "documents"]) mkdirSync(join(dir, sub));
  writeFileSync(join(dir, "pages", "About-Us.json"), JSON.stringify({ id: 11, name: "About-Us", title: "About" }));
  writeFileSync(join(dir, "pages", "Feedback.json"), JSON.stringify({ id: 12, name: "Feedback" }));
  const blogs = Array.from({ length: 12 }, (_, i) => ({
    id: i + 1,
    type: 2,
    title: i % 3 === 0 ? `Automation note ${i + 1}` : `Field note ${i + 1}`,
    date: `2026-${String(11 - i).padStart(2, "0")}-01T00:00:00`,
    anchorlink: `/note-${i + 1}`,
    longDesc: `<p>Body ${i + 1}</p>`,
  }));
  blogs.push({ id: 99, type: 2, title: "Undated", date: null as unknown as string, anchorlink: "/undated", longDesc: "" });
  writeFileSync(join(dir, "content", "blogs.json"), JSON.stringify(blogs));
  writeFileSync(
    join(dir, "content", "thoughtpapers.json"),
    JSON.stringify([{ id: 3, type: 15, title: "Ops &amp; Finance", anchorlink: "/ops-finance", documentPath: "/documents/ops.pdf" }, { id: 1, type: 15, title: "Future of Work", anchorlink: "/future-of-work", documentPath: "/documents/future-of-work.pdf", detail: { conetentTemplates: [{ contentType: 5, templateName: "Icon_CommonTemplate" }], contents: [{ id: 2, type: 5, title: "Finding" }] } }]),
  );
  writeFileSync(
    join(dir, "content", "casestudies.json"),
    JSON.stringify([
      { id: 1, type: 11, title: "Claims &amp; <em>billing</em> at scale", date: "2026-01-01T00:00:00", anchorlink: "/claims-billing" },
      { id: 2, type: 11, title: "Example one", date: "2026-02-01T00:00:00", anchorlink: "/example" },
      { id: 3, type: 11, title: "Caf&eacute; owners&rsquo; ledgers", date: "2026-03-01T00:00:00", anchorlink: "/cafe-ledgers" },
    ]),
  );
  writeFileSync(join(dir, "menus.json"), JSON.stringify([{ MenuGroupName: "X-Top", MenuList: [] }]));
  writeFileSync(join(dir, "resources.json"), JSON.stringify([{ name: "BLOGS-TITLE", value: "Insights" }]));
  writeFileSync(join(dir, "documents", "future-of-work.pdf"), "%PDF-1.4\n%fixture\n");
  writeFileSync(join(dir, "media", "a.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  return dir;
}

let leads: LeadStore;
let service: ContentService;

beforeEach(() => {
  const fixtures = loadFixtures(fixtureDir());
  leads = openLeadStore(":memory:");
  service = createContentService({ fixtures: () => fixtures, leads, captcha: captchaVerifier(undefined), now: () => new Date("2026-11-21T12:00:00Z") });
});
afterEach(() => leads.close());

async function call(path: string, body: unknown, init: RequestInit = {}): Promise<Response> {
  const request = new Request(`http://site.test${path}`, {
    method: "POST",
    body: body instanceof FormData ? body : JSON.stringify(body),
    ...(body instanceof FormData ? {} : { headers: { "Content-Type": "application/json" } }),
    ...init,
  });
  const response = await service(request);
  if (!response) throw new Error(`${path} not handled`);
  return response;
}

const listBody = (overrides: Record<string, unknown> = {}) => ({ contentType: 2, search: "", sort: "Descending", pageName: "Blogs", pageSize: 5, PageNo: 1, Filter: "All", ...overrides });

describe("POST /api/page/get", () => {
  it("answers a page by name, any case", async () => {
    expect(await (await call("/api/page/get", "about-us")).json()).toMatchObject({ id: 11, name: "About-Us" });
  });

  it("answers a counterexample page over the fixture of the same name (npm run dev -- --counterexamples), the fixtures untouched", async () => {
    const dir = fixtureDir();
    const overlay = mkdtempSync(join(tmpdir(), "corvane-counterexamples-"));
    mkdirSync(join(overlay, "pages"));
    writeFileSync(join(overlay, "pages", "About-Us.json"), JSON.stringify({ $schema: "../../fixtures/page.schema.json", id: 11, name: "About-Us", title: "Shrunk" }));
    const overlaid = createContentService({ fixtures: () => loadFixtures(dir, overlay), leads, captcha: captchaVerifier(undefined), now: () => new Date() });
    const answer = await overlaid(new Request("http://site.test/api/page/get", { method: "POST", body: JSON.stringify("About-Us"), headers: { "Content-Type": "application/json" } }));
    const page = (await answer?.json()) as Record<string, unknown>;
    expect(page).toMatchObject({ id: 11, title: "Shrunk" });
    expect(page).not.toHaveProperty("$schema");
    // Another page still comes from the fixtures; without the overlay, the fixture's own page.
    expect(await (await call("/api/page/get", "about-us")).json()).toMatchObject({ title: "About" });
  });

  it("answers a page by its path (the catch-all)", async () => {
    expect(await (await call("/api/page/get", "/Feedback")).json()).toMatchObject({ id: 12 });
  });

  it("builds detail pages from list items, with their detail fields and without the detail key", async () => {
    const page = (await (await call("/api/page/get", "/thoughtPapers/future-of-work")).json()) as Record<string, unknown>;
    expect(page).toMatchObject({ name: "future-of-work", title: "Future of Work", conetentTemplates: [{ templateName: "Icon_CommonTemplate" }] });
    expect(page.contents).toEqual([expect.objectContaining({ type: 15, title: "Future of Work" }), { id: 2, type: 5, title: "Finding" }]);
    expect(JSON.stringify(page)).not.toContain('"detail"');
    expect(await (await call("/api/page/get", "/blogs/note-2")).json()).toMatchObject({ blog: { title: "Field note 2" } });
  });

  it("answers id 0 for a page that does not exist", async () => {
    for (const request of ["Nope", "/no/such/path", "/blogs/nope"]) expect(await (await call("/api/page/get", request)).json()).toEqual({ id: 0 });
  });

  it("refuses a body that is not a JSON string", async () => {
    expect((await call("/api/page/get", { name: "About-Us" })).status).toBe(400);
  });
});

describe("POST /api/page/GetContentList", () => {
  const titles = async (body: unknown) => {
    const json = (await (await call("/api/page/GetContentList", body)).json()) as { contents: { title: string; totalRow?: number }[] };
    return json.contents;
  };

  it("pages through results, the first item carrying the total", async () => {
    const first = await titles(listBody());
    expect(first.map((i) => i.title)).toEqual(["Automation note 1", "Field note 2", "Field note 3", "Automation note 4", "Field note 5"]);
    expect(first[0]?.totalRow).toBe(13);
    expect(first[1]?.totalRow).toBeUndefined();
    // Items without a (valid) date sort last.
    expect((await titles(listBody({ PageNo: 3 }))).map((i) => i.title)).toEqual(["Field note 11", "Field note 12", "Undated"]);
  });

  it("searches titles ignoring case and sorts ascending by date", async () => {
    const found = await titles(listBody({ search: "AUTOMATION", sort: "Ascending" }));
    expect(found.map((i) => i.title)).toEqual(["Automation note 10", "Automation note 7", "Automation note 4", "Automation note 1"]);
    expect(found[0]?.totalRow).toBe(4);
  });

  it("filters the last 3 and 6 months", async () => {
    expect((await titles(listBody({ Filter: "Last 3 Months", pageSize: 50 }))).map((i) => i.title)).toEqual(["Automation note 1", "Field note 2", "Field note 3"]);
    expect(await titles(listBody({ Filter: "Last 6 Months", pageSize: 50 }))).toHaveLength(6);
  });

  it("searches the title as a visitor reads it: markup ignored, character references decoded", async () => {
    const search = async (text: string) => (await titles(listBody({ contentType: 11, search: text }))).map((i) => i.title);
    expect(await search("claims & billing")).toEqual(["Claims &amp; <em>billing</em> at scale"]);
    expect(await search("amp")).toEqual(["Example one"]);
    expect(await search("em")).toEqual([]);
    // Every named reference a browser knows, not just the few most common.
    expect(await search("café owners’")).toEqual(["Caf&eacute; owners&rsquo; ledgers"]);
  });

  it("answers an empty list past the end and for other content types", async () => {
    expect(await titles(listBody({ PageNo: 9 }))).toEqual([]);
    expect(await titles(listBody({ contentType: 5 }))).toEqual([]);
  });

  it("rejects a malformed request with field errors", async () => {
    const response = await call("/api/page/GetContentList", listBody({ sort: "Sideways", PageNo: 0 }));
    expect(response.status).toBe(400);
    expect(Object.keys(((await response.json()) as { errors: object }).errors).sort()).toEqual(["PageNo", "sort"]);
  });
});

describe("menus and resources", () => {
  it("answers the fixture menus and resources", async () => {
    expect(await (await call("/api/menu/GetMenuList", {})).json()).toEqual([{ MenuGroupName: "X-Top", MenuList: [] }]);
    expect(await (await call("/api/resource/list", {})).json()).toEqual([{ name: "BLOGS-TITLE", value: "Insights" }]);
  });
});

function contactForm(overrides: Record<string, string> = {}): FormData {
  const form = new FormData();
  const fields = { name: "Ada Lovelace", Organisation: "Analytical Engines Ltd", email: "ada@engines.example", contactNumber: "+14045550142", message: "We need help with claims.", token: localTestToken, ...overrides };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}

describe("contact calls", () => {
  it("stores a valid request and answers 200 with JSON", async () => {
    const response = await call("/api/contactus/create", contactForm());
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "received" });
    expect(leads.list()).toEqual([expect.objectContaining({ kind: "contact", name: "Ada Lovelace", organisation: "Analytical Engines Ltd", message: "We need help with claims." })]);
  });

  it("answers 400 with the SPEC 5.1 messages and stores nothing", async () => {
    const response = await call("/api/contactus/create", contactForm({ name: "R2-D2", Organisation: "<b>x</b>", email: "ada@gmail.com", contactNumber: "12ab", message: "", token: "" }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      errors: {
        name: "Entered Name is invalid",
        Organisation: "Entered Organization is invalid",
        email: "Please use a professional email address associated with a legitimate organization or domain.",
        contactNumber: "Invalid Contact Number",
        message: "Please describe your request",
        token: "Please confirm that you are not a robot",
      },
    });
    expect(leads.list()).toEqual([]);
  });

  it("accepts free-mail addresses on the presentation call only", async () => {
    expect((await call("/api/contactus/presentation-page", contactForm({ email: "ada@gmail.com" }))).status).toBe(200);
    expect(leads.list()[0]?.kind).toBe("presentation");
  });

  it("rejects a token the captcha does not accept", async () => {
    const response = await call("/api/contactus/create", contactForm({ token: "forged" }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: { token: "Please confirm that you are not a robot" } });
  });
});

describe("thought papers", () => {
  const lead = { name: "Ada Lovelace", Organisation: "Engines", email: "ada@engines.example", contactNumber: "4045550142", token: localTestToken, thoughtPaperName: "Future of Work" };

  it("stores the lead and answers non-null JSON", async () => {
    const response = await call("/api/thoughtPaper/SaveUserInfo", lead);
    expect(await response.json()).toMatchObject({ status: "saved" });
    expect(leads.list()).toEqual([expect.objectContaining({ kind: "thought-paper", thoughtPaperName: "Future of Work" })]);
  });

  it("knows a paper by the name a visitor reads, whatever markup its title has", async () => {
    expect(await (await call("/api/thoughtPaper/SaveUserInfo", { ...lead, thoughtPaperName: "Ops & Finance" })).json()).toMatchObject({ status: "saved" });
  });

  it("answers null for a paper it does not offer, and 400 for bad fields", async () => {
    expect(await (await call("/api/thoughtPaper/SaveUserInfo", { ...lead, thoughtPaperName: "Unknown" })).json()).toBeNull();
    const bad = await call("/api/thoughtPaper/SaveUserInfo", { ...lead, email: "ada@yahoo.com", name: "" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ errors: { name: "Please enter the Firstname Lastname", email: "Kindly enter your Official Email Id" } });
    expect(leads.list()).toEqual([]);
  });

  it("serves the PDF of a known document and 404 for anything else, never outside the fixtures", async () => {
    const ok = await call("/api/thoughtPaper/downloadThoughtPaperPdf", { DocumentURL: "/documents/future-of-work.pdf" });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Content-Type")).toBe("application/pdf");
    expect(new TextDecoder().decode(await ok.arrayBuffer())).toMatch(/^%PDF-/);
    for (const DocumentURL of ["/documents/missing.pdf", "/documents/../pages/About-Us.json", "/documents/%2e%2e%2fpages%2fAbout-Us.json", "../src/../etc/passwd", "/media/a.svg", "https://evil.example/documents/x.pdf/../../x"]) {
      expect((await call("/api/thoughtPaper/downloadThoughtPaperPdf", { DocumentURL })).status, DocumentURL).toBe(404);
    }
  });
});

describe("routing", () => {
  it("leaves other paths to the static site and serves fixture media", async () => {
    expect(await service(new Request("http://site.test/Home"))).toBeNull();
    const media = await service(new Request("http://site.test/media/a.svg"));
    expect(media?.headers.get("Content-Type")).toBe("image/svg+xml");
    expect((await service(new Request("http://site.test/media/..%2fpages%2fAbout-Us.json")))?.status).toBe(404);
  });

  it("answers 404 for unknown calls and 405 for GET on a call", async () => {
    expect((await call("/api/nope", {})).status).toBe(404);
    expect((await service(new Request("http://site.test/api/page/get")))?.status).toBe(405);
  });

  it("answers the calls of the contract (docs/content-contract.md), spelt as it spells them, and no other: its own table, so a drift of the contract or the service shows", async () => {
    expect([...fixtureServiceCalls].sort()).toEqual(contractCallPaths().sort());
    // Each is routed, its path in any letter case: a body it cannot read is a 400, a file it does not have a 404, never "no such call".
    for (const path of fixtureServiceCalls) expect(await (await call(path.toLowerCase(), "")).text(), path).not.toContain("no such call: /");
  });

  it("reads the contract's calls from its code spans, so one added or renamed there is seen", () => {
    const contract = "## 1. A page: `POST /api/page/get`\n| `/api/contactus/create` | multipart |\nEvery call is a `POST` to `<base>/api/...`; `/api/*` is forwarded. Again: `POST /api/page/get`.";
    expect(contractCallPaths(contract)).toEqual(["/api/page/get", "/api/contactus/create"]);
  });
});

describe("lead calls under abuse and faults", () => {
  const paperLead = { name: "Ada Lovelace", Organisation: "Engines", email: "ada@engines.example", contactNumber: "4045550142", token: localTestToken, thoughtPaperName: "Future of Work" };

  it("take only the body type CONTENT-API 5 names, else 415, storing nothing", async () => {
    const urlencoded = new URLSearchParams({ name: "Ada Lovelace", Organisation: "Engines", email: "ada@engines.example", contactNumber: "4045550142", message: "Hi", token: localTestToken });
    expect((await call("/api/contactus/create", null, { body: urlencoded, headers: { "Content-Type": "application/x-www-form-urlencoded" } })).status).toBe(415);
    expect((await call("/api/contactus/create", null, { body: JSON.stringify({}), headers: { "Content-Type": "application/json" } })).status).toBe(415);
    expect((await call("/api/thoughtPaper/SaveUserInfo", null, { body: JSON.stringify(paperLead), headers: { "Content-Type": "text/plain" } })).status).toBe(415);
    expect(leads.list()).toEqual([]);
  });

  it("refuse form parts that are not the form's fields, and any file", async () => {
    const extra = contactForm();
    extra.append("isAdmin", "true");
    const file = contactForm();
    file.append("attachment", new Blob(["%PDF-1.4"], { type: "application/pdf" }), "cv.pdf");
    const fileAsField = contactForm();
    fileAsField.set("message", new Blob(["text"]), "message.txt");
    for (const form of [extra, file, fileAsField]) expect((await call("/api/contactus/create", form)).status).toBe(400);
    expect(leads.list()).toEqual([]);
  });

  it("answer with no wildcard CORS header", async () => {
    const response = await call("/api/contactus/create", contactForm());
    expect(response.headers.get("Access-Control-Allow-Origin")).toBeNull();
    expect((await service(new Request("http://site.test/api/contactus/create", { method: "OPTIONS" })))?.headers.get("Access-Control-Allow-Origin") ?? null).toBeNull();
  });

  it("answer 503 with Retry-After while the leads database is locked, and store the lead when sent again after", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "corvane-leads-")), "leads.sqlite");
    const store = openLeadStore(path, { busyWaitMs: 50 });
    const locked = createContentService({ fixtures: () => loadFixtures(fixtureDir()), leads: store, captcha: captchaVerifier(undefined) });
    const send = () => locked(new Request("http://site.test/api/thoughtPaper/SaveUserInfo", { method: "POST", body: JSON.stringify(paperLead), headers: { "Content-Type": "application/json" } }));
    const other = new Database(path);
    other.exec("BEGIN EXCLUSIVE");
    const busy = await send();
    expect(busy?.status).toBe(503);
    expect(busy?.headers.get("Retry-After")).toBe("5");
    other.exec("ROLLBACK");
    other.close();
    expect((await send())?.status).toBe(200);
    expect(store.list()).toHaveLength(1);
    store.close();
  });
});

describe("previews and redirects (CONTENT-API 9)", () => {
  const secret = "the-fixture-preview-secret-0123456789";
  const withDrafts = () => {
    const dir = fixtureDir();
    writeFileSync(join(dir, "drafts.json"), JSON.stringify({ "About-Us": { title: "About (draft)" } }));
    writeFileSync(join(dir, "redirects.json"), JSON.stringify([{ from: "/old", to: "/about-us", status: 301 }]));
    const fixtures = loadFixtures(dir);
    return createContentService({ fixtures: () => fixtures, leads, captcha: captchaVerifier(undefined), previewSecrets: [secret] });
  };
  const page = (service: ContentService, name: string, token?: string) =>
    service(new Request("http://site.test/api/page/get", { method: "POST", body: JSON.stringify(name), headers: { "Content-Type": "application/json", ...(token === undefined ? {} : { "X-Content-Preview": token }) } }));

  it("answers a page's draft, saying so, only with a valid token", async () => {
    const drafts = withDrafts();
    const valid = signPreviewToken({ exp: Math.floor(Date.now() / 1000) + 600 }, secret);
    const draft = await page(drafts, "about-us", valid);
    expect([draft?.headers.get("X-Content-Preview"), ((await draft?.json()) as { title: string }).title]).toEqual(["draft", "About (draft)"]);
    for (const token of [undefined, "forged.token", signPreviewToken({ exp: Math.floor(Date.now() / 1000) + 600 }, "another-secret-of-more-than-32-chars"), signPreviewToken({ exp: Math.floor(Date.now() / 1000) - 600 }, secret)]) {
      const published = await page(drafts, "about-us", token);
      expect([published?.headers.get("X-Content-Preview"), ((await published?.json()) as { title: string }).title]).toEqual([null, "About"]);
    }
    // A page without a draft is its published version, not marked a draft.
    expect((await page(drafts, "/Feedback", valid))?.headers.get("X-Content-Preview")).toBeNull();
  });

  it("answers its redirect list, or 404 when it keeps none", async () => {
    expect(await (await withDrafts()(new Request("http://site.test/api/redirect/GetRedirectList", { method: "POST", body: "{}" })))?.json()).toEqual([{ from: "/old", to: "/about-us", status: 301 }]);
    expect((await call("/api/redirect/GetRedirectList", {})).status).toBe(404);
  });
});
