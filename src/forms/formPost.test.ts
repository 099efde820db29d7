import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fixedNow, serviceFetch } from "../../tests/harness.tsx";
import { createContentClient, type FormResult } from "../content/client.ts";
import { captchaVerifier } from "../shared/captcha.ts";
import { loadFixtures } from "../../fixture-service/fixtures.ts";
import { openLeadStore, type LeadStore } from "../../fixture-service/leadStore.ts";
import { createContentService } from "../../fixture-service/service.ts";
import { localCaptchaToken } from "./captcha/localToken.ts";
import { handleFormPost, type FormPostContext, type LeadArguments } from "./formPost.ts";
import { contactMessages, thoughtPaperMessages } from "./validation.ts";

/**
 * The form posts of a browser without the code, handled the way the server will: the leads go
 * through the content client to the fixture service (its lead store in memory), the same path
 * the code's submit takes.
 */
let leads: LeadStore;
let sent: LeadArguments[];
let context: FormPostContext;

beforeEach(() => {
  const fixtures = loadFixtures("fixtures");
  leads = openLeadStore(":memory:");
  const service = createContentService({ fixtures: () => fixtures, leads, captcha: captchaVerifier(undefined), now: () => fixedNow });
  const client = createContentClient({ base: "", timeoutMs: 5000, fetch: serviceFetch(service) });
  sent = [];
  context = {
    presentation: false,
    successPath: "/thankyou",
    submitLead: (...lead): Promise<FormResult> => {
      sent.push(lead);
      if (lead[0] === "thought-paper") return client.saveThoughtPaperLead(lead[1]);
      return client.submitContact(lead[1], { presentation: lead[0] === "presentation" });
    },
  };
});
afterEach(() => leads.close());

function fixturePapers(): { title: string; documentPath: string }[] {
  return JSON.parse(readFileSync("fixtures/content/thoughtpapers.json", "utf8")) as { title: string; documentPath: string }[];
}

/** A browser's post of the contact form: its named fields, as typed. */
function posted(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

const contact = {
  name: "Ada  Lovelace",
  Organisation: "Analytical Engines Ltd",
  email: "ada@engines.example",
  contactNumber: "+14045550142",
  message: "We need help with claims processing.",
  token: localCaptchaToken,
};

describe("the contact form posted without the code", () => {
  it("hands a valid lead on and answers with the thank-you page", async () => {
    expect(await handleFormPost("contact", posted(contact), context)).toEqual({ kind: "redirect", location: "/thankyou" });
    expect(leads.list()).toMatchObject([{ kind: "contact", name: "Ada Lovelace", email: "ada@engines.example" }]);
  });

  it("answers SPEC 5's messages with everything typed, but the captcha token, and sends nothing", async () => {
    const result = await handleFormPost("contact", posted({ ...contact, name: "", email: "ada@gmail.com", contactNumber: "12ab" }), context);
    expect(result).toEqual({
      kind: "invalid",
      errors: {
        name: "Please enter your first and last name",
        email: contactMessages.freeMail,
        contactNumber: "Invalid Contact Number",
      },
      // As the code would have left the field while typing (SPEC 5.1): the number stripped to its digits.
      values: { name: "", Organisation: contact.Organisation, email: "ada@gmail.com", contactNumber: "12", message: contact.message },
    });
    expect(sent).toEqual([]);
  });

  it("judges what typing would have made of the text, as the code path does: a phone number with spaces is accepted", async () => {
    expect(await handleFormPost("contact", posted({ ...contact, contactNumber: "+1 404 555 0142" }), context)).toEqual({ kind: "redirect", location: "/thankyou" });
    expect(leads.list()).toMatchObject([{ name: "Ada Lovelace", contactNumber: "+14045550142" }]);
  });

  it("without a token (a reCAPTCHA that never drew without its script) asks the visitor to confirm they are not a robot", async () => {
    const { token: _token, ...withoutToken } = contact;
    const result = await handleFormPost("contact", posted(withoutToken), context);
    expect(result).toMatchObject({ kind: "invalid", errors: { token: contactMessages.captcha } });
    expect(sent).toEqual([]);
  });

  it("in presentation mode (from the address) accepts a gmail address and posts to the presentation call", async () => {
    const result = await handleFormPost("contact", posted({ ...contact, email: "ada@gmail.com" }), { ...context, presentation: true });
    expect(result).toEqual({ kind: "redirect", location: "/thankyou" });
    expect(leads.list()).toMatchObject([{ kind: "presentation", email: "ada@gmail.com" }]);
  });

  it("keeps the form, as typed, when the service refuses the lead", async () => {
    const result = await handleFormPost("contact", posted({ ...contact, token: "forged" }), context);
    expect(result).toMatchObject({ kind: "invalid", values: { name: "Ada Lovelace", email: contact.email } });
    expect(result.kind === "invalid" && Object.keys(result.errors)).toEqual(["token"]);
    expect(leads.list()).toEqual([]);
  });

  it("reads a field posted as a file as empty", async () => {
    const data = posted(contact);
    data.set("message", new Blob(["<script>"]), "x.txt");
    expect(await handleFormPost("contact", data, context)).toMatchObject({ kind: "invalid", errors: { message: "Please describe your request" } });
  });
});

describe("the thought-paper form posted without the code", () => {
  // A paper the fixture service offers (it answers null, and stores nothing, for any other).
  const [offered] = fixturePapers();
  const paper = { name: offered?.title ?? "", documentPath: offered?.documentPath ?? "" };
  const lead = { name: "Ada Lovelace", Organisation: "Analytical Engines Ltd", email: "ada@engines.example", contactNumber: "+14045550142", token: localCaptchaToken };

  it("stores the visitor's details under the paper the page shows, then answers with the download and the thank-you page", async () => {
    // The post's own paper name is not trusted: the page's data names the paper.
    const result = await handleFormPost("thoughtPaper", posted({ ...lead, thoughtPaperName: "Another" }), { ...context, successPath: "/ThoughtPapers-Thankyou", paper });
    expect(result).toEqual({ kind: "redirect", location: "/ThoughtPapers-Thankyou", download: { documentPath: paper.documentPath, paperName: paper.name } });
    expect(leads.list()).toMatchObject([{ kind: "thought-paper", thoughtPaperName: paper.name, email: lead.email }]);
  });

  it("answers SPEC 5.2's messages with the values typed", async () => {
    const result = await handleFormPost("thoughtPaper", posted({ ...lead, email: "ada@gmail.com", token: "" }), { ...context, paper });
    expect(result).toEqual({
      kind: "invalid",
      errors: { email: thoughtPaperMessages.freeMail, token: thoughtPaperMessages.captcha },
      values: { name: lead.name, Organisation: lead.Organisation, email: "ada@gmail.com", contactNumber: lead.contactNumber },
    });
    expect(sent).toEqual([]);
  });

  it("is refused where no thought paper is shown", async () => {
    await expect(handleFormPost("thoughtPaper", posted(lead), context)).rejects.toThrow(/no thought paper/);
  });
});
