// @vitest-environment node
/**
 * A form posted to a page without the code, through the router's action as the server runs it
 * (`answerFormPost`, src/app/formAction.ts): the lead reaches the fixture service's lead store
 * through its lead calls, and the visitor gets the thank-you redirect, the PDF, or the form
 * again with SPEC 5's messages and what they typed.
 */
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { localCaptchaToken } from "../src/forms/captcha/localToken.ts";
import { contactMessages } from "../src/forms/validation.ts";
import { captchaVerifier } from "../src/shared/captcha.ts";
import { loadFixtures } from "../fixture-service/fixtures.ts";
import { LeadsUnavailable, openLeadStore, type LeadStore } from "../fixture-service/leadStore.ts";
import { createContentService, type ContentService } from "../fixture-service/service.ts";
import { hydrationJsonIn } from "../src/runtime/hydrationData.ts";
import { openSite } from "../src/ssr/entry-server.tsx";
import { fixedNow, requestUrl, serviceFetch, hydrationDataOf } from "./harness.tsx";

const siteUrl = "https://www.corvane.example";
const template = readFileSync("index.html", "utf8");
let leads: LeadStore;
let service: ContentService;
/** The lead calls that reached the service. */
let leadCalls: string[];

beforeEach(() => {
  const fixtures = loadFixtures("fixtures");
  leads = openLeadStore(":memory:");
  service = createContentService({ fixtures: () => fixtures, leads, captcha: captchaVerifier(undefined), now: () => fixedNow });
  leadCalls = [];
});
afterEach(() => leads.close());

function post(address: string, fields: Record<string, string>) {
  const content = serviceFetch(service);
  const leadFetch: typeof fetch = (input, init) => {
    leadCalls.push(new URL(requestUrl(input), siteUrl).pathname);
    return content(input, init);
  };
  return openSite({ template, manifest: {} }).answerFormPost(new Request(new URL(address, siteUrl), { method: "POST", body: new URLSearchParams(fields) }), { fetch: content, leadFetch, siteUrl });
}

const stored = () => leads.list().map(({ kind, name, email, thoughtPaperName }) => ({ kind, name, email, thoughtPaperName }));

const contact = { form: "contact", name: "Ada Lovelace", Organisation: "Analytical Engines Ltd", email: "ada@engines.example", contactNumber: "+14045550142", message: "Claims processing.", token: localCaptchaToken };

/** The posted answer the page hands the browser, so its first render is the server's. */
function embeddedAnswer(html: string): unknown {
  const data = hydrationDataOf(JSON.parse(hydrationJsonIn(html) ?? "null"));
  return Object.values(data.actionData ?? {})[0];
}

describe("a form posted to a page without the code", () => {
  it("a valid contact request is stored through the lead call and answered with a 303 to the thank-you page", async () => {
    expect(await post("/contact-us", contact)).toEqual({ kind: "redirect", status: 303, location: "/Thankyou" });
    expect(leadCalls).toEqual(["/api/contactus/create"]);
    expect(stored()).toMatchObject([{ kind: "contact", name: "Ada Lovelace", email: "ada@engines.example" }]);
  });

  it("bad input: the page again with status 400, SPEC 5's messages and everything typed but the captcha token", async () => {
    const answer = await post("/contact-us", { ...contact, name: "", email: "ada@gmail.com", contactNumber: "12ab" });
    expect(answer).toMatchObject({ kind: "page", status: 400 });
    if (answer.kind !== "page") return;
    expect(answer.html).toContain(contactMessages.freeMail);
    expect(answer.html).toContain("Please enter your first and last name");
    expect(answer.html).toContain('value="ada@gmail.com"');
    expect(answer.html).toContain("Claims processing.</textarea>");
    expect(embeddedAnswer(answer.html)).toEqual({ form: "contact", errors: expect.objectContaining({ email: contactMessages.freeMail }) as unknown, values: expect.not.objectContaining({ token: expect.anything() as unknown }) as unknown });
    expect(stored()).toEqual([]);
    expect(leadCalls).toEqual([]);
  });

  it("from presentation services (the address says so) a gmail address is accepted, as a presentation lead", async () => {
    expect(await post("/contact-us?from=presentation-services", { ...contact, email: "ada@gmail.com" })).toMatchObject({ kind: "redirect", status: 303 });
    expect(stored()).toMatchObject([{ kind: "presentation", email: "ada@gmail.com" }]);
  });

  it("a thought paper's details are stored with the page's own paper, and the answer is its PDF", async () => {
    const [paper] = JSON.parse(readFileSync("fixtures/content/thoughtpapers.json", "utf8")) as { anchorlink: string; title: string; documentPath: string }[];
    if (!paper) throw new Error("no thought paper in the fixtures");
    const { message: _message, ...details } = contact;
    const answer = await post(`/thoughtPapers${paper.anchorlink}`, { ...details, form: "thoughtPaper", thoughtPaperName: "Another paper" });
    expect(answer).toMatchObject({ kind: "file", type: "application/pdf", fileName: `${paper.title}.pdf` });
    if (answer.kind !== "file") return;
    expect(Buffer.from(answer.body).subarray(0, 5).toString()).toBe("%PDF-");
    expect(stored()).toEqual([{ kind: "thought-paper", name: "Ada Lovelace", email: "ada@engines.example", thoughtPaperName: paper.title }]);
  });

  it("a paper's name the lead call would refuse (a 255,000-character title) is the lead call's own 400 message, and no call is made", async () => {
    const fixtures = loadFixtures("fixtures");
    const [item] = fixtures.lists.thoughtpapers;
    if (!item || typeof item.anchorlink !== "string") throw new Error("no thought paper in the fixtures");
    item.title = "P".repeat(255_000);
    service = createContentService({ fixtures: () => fixtures, leads, captcha: captchaVerifier(undefined), now: () => fixedNow });
    const { message: _message, ...details } = contact;
    const answer = await post(`/thoughtPapers${item.anchorlink}`, { ...details, form: "thoughtPaper" });
    expect(answer).toMatchObject({ kind: "page", status: 400 });
    if (answer.kind !== "page") return;
    expect(answer.html).toContain("Thought paper name must be at most 300 characters");
    expect(leadCalls).toEqual([]);
    expect(stored()).toEqual([]);
  });

  it("a page that shows no such form answers 405, and nothing is stored", async () => {
    expect(await post("/about-us", contact)).toEqual({ kind: "not-allowed" });
    expect(await post("/contact-us", { ...contact, form: "thoughtPaper" })).toEqual({ kind: "not-allowed" });
    expect(await post("/", contact)).toEqual({ kind: "not-allowed" });
    // An address that is no page (the catch-all sends it home): no form there either, and no error for the log.
    expect(await post("/nowhere-at-all", contact)).toEqual({ kind: "not-allowed" });
    expect(stored()).toEqual([]);
  });

  it("a lead the service cannot take just now: the form again as typed (503) with SPEC 8's message", async () => {
    const fixtures = loadFixtures("fixtures");
    const locked: LeadStore = { add: () => Promise.reject(new LeadsUnavailable("the leads database is locked")), list: () => [], close: () => undefined };
    service = createContentService({ fixtures: () => fixtures, leads: locked, captcha: captchaVerifier(undefined), now: () => fixedNow });
    const answer = await post("/contact-us", contact);
    expect(answer).toMatchObject({ kind: "page", status: 503 });
    if (answer.kind !== "page") return;
    expect(embeddedAnswer(answer.html)).toMatchObject({ form: "contact", unsent: "busy", values: { name: "Ada Lovelace" } });
    expect(answer.html).toContain('value="Ada Lovelace"');
  });
});
