/**
 * The one way in for a lead (CONTENT-API 5's three lead calls), in both programs that take one:
 * read from the wire, then checked with SPEC 5's rules (src/forms/validation.ts) and the captcha.
 * The site server's lead outbox (src/server/leads/) keeps what passes until the content service
 * has it; the fixture content service stores it. A form's route action hands its parsed fields to
 * the same check (`checkLead`).
 */
import { parse as parseContentType } from "content-type";
import { createHash } from "node:crypto";
import { contentCalls } from "../content/calls.ts";
import { contactFieldNames } from "../content/contract.ts";
import { contactSchema, fieldErrors, thoughtPaperLeadSchema, thoughtPaperSchema, type ContactFields, type ThoughtPaperFields } from "../forms/schemas.ts";
import { contactMessages, thoughtPaperMessages } from "../forms/validation.ts";
import type { CaptchaVerifier } from "./captcha.ts";
import { badRequest, json, readJsonBody } from "./jsonAnswer.ts";
/** The three kinds of lead (CONTENT-API 5). */
export const leadKinds = ["contact", "presentation", "thought-paper"] as const;
export type LeadKind = (typeof leadKinds)[number];


/** Each kind's call and the one body type it takes (CONTENT-API 5; the table of calls: src/content/calls.ts). */
export const leadCalls = {
  contact: contentCalls.contactLead,
  presentation: contentCalls.presentationLead,
  "thought-paper": contentCalls.thoughtPaperLead,
} as const satisfies Record<LeadKind, { path: string; bodyType: string }>;

/** The kind of lead a path is the call of (paths match ignoring case, as every call's does), if any. */
export function leadKindOf(pathname: string): LeadKind | undefined {
  const path = pathname.toLowerCase();
  return leadKinds.find((kind) => leadCalls[kind].path.toLowerCase() === path);
}

/** A lead as sent: its kind and its fields, not yet checked. */
export interface LeadSubmission {
  kind: LeadKind;
  fields: Readonly<Record<string, unknown>>;
}

/** A lead that passed every rule: the fields as the rules read them (trimmed, spaces collapsed). */
export type CheckedLead =
  | { kind: "contact" | "presentation"; fields: ContactFields }
  | { kind: "thought-paper"; fields: ThoughtPaperFields & { thoughtPaperName: string } };

export type LeadVerdict = { ok: true; lead: CheckedLead } | { ok: false; errors: Record<string, string> };

/** The same lead sent again within this window is the same lead: stored and delivered once. */
export const duplicateWindowMs = 60_000;

/**
 * Which submission a checked lead is: its kind and every field as the rules read them, hashed, so
 * the same form sent twice (a double click, a retry after a lost answer) is one lead, and no
 * personal data is kept in clear where duplicates are remembered (Redis).
 */
export function leadFingerprint(lead: CheckedLead): string {
  const fields = Object.entries(lead.fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash("sha256").update(JSON.stringify([lead.kind, fields])).digest("hex");
}

/** SPEC 5's rules, then the captcha (asked only of a lead that passed the rules). */
export async function checkLead(submission: LeadSubmission, captcha: CaptchaVerifier): Promise<LeadVerdict> {
  if (submission.kind === "thought-paper") {
    // The paper's name by the same rules as the form's fields (src/forms/validation.ts, thoughtPaperNameRule); none given is none chosen.
    const { thoughtPaperName: name } = submission.fields;
    const parsed = thoughtPaperLeadSchema.safeParse({ ...submission.fields, thoughtPaperName: typeof name === "string" ? name : "" });
    if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
    if (!(await captcha(parsed.data.token))) return { ok: false, errors: { token: thoughtPaperMessages.captcha } };
    return { ok: true, lead: { kind: "thought-paper", fields: parsed.data } };
  }
  const parsed = contactSchema({ presentation: submission.kind === "presentation" }).safeParse(submission.fields);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  if (!(await captcha(parsed.data.token))) return { ok: false, errors: { token: contactMessages.captcha } };
  return { ok: true, lead: { kind: submission.kind, fields: parsed.data } };
}

/**
 * A lead read back from the outbox: SPEC 5's rules again over what was stored (the captcha
 * was asked when it came in), or null when the stored text is not such a lead.
 */
export function storedLead(kind: LeadKind, text: string): CheckedLead | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (kind === "thought-paper") {
    // The paper's name as it was taken: a lead already in the outbox is delivered, never lost to a rule added since.
    const parsed = thoughtPaperSchema.safeParse(value);
    const name = typeof value === "object" && value !== null && "thoughtPaperName" in value ? value.thoughtPaperName : undefined;
    return parsed.success && typeof name === "string" && name !== "" ? { kind, fields: { ...parsed.data, thoughtPaperName: name } } : null;
  }
  const parsed = contactSchema({ presentation: kind === "presentation" }).safeParse(value);
  return parsed.success ? { kind, fields: parsed.data } : null;
}

export type LeadRead = { ok: true; submission: LeadSubmission } | { ok: false; response: Response };

/**
 * A lead call's body as a submission, or the answer refusing it: 415 for another body type,
 * 400 for a body that cannot be read or a form carrying anything but the form's own text
 * fields, each once (no uploads, no extra parts riding along).
 */
export async function readLeadRequest(request: Request, kind: LeadKind): Promise<LeadRead> {
  const { bodyType } = leadCalls[kind];
  if (parseContentType(request.headers.get("Content-Type") ?? "", { parameters: false }).type !== bodyType) return { ok: false, response: json({ error: `this call takes ${bodyType}` }, 415) };
  if (kind === "thought-paper") {
    const body = await readJsonBody(request);
    const fields = body.ok && typeof body.value === "object" && body.value !== null && !Array.isArray(body.value) ? (body.value as Record<string, unknown>) : {};
    return { ok: true, submission: { kind, fields } };
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return { ok: false, response: badRequest({ body: "the body is multipart form data" }) };
  }
  const known = new Set<string>(contactFieldNames);
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (!known.has(name) || typeof value !== "string" || name in fields) return { ok: false, response: badRequest({ body: `unexpected form part: ${name}` }) };
    fields[name] = value;
  }
  for (const name of contactFieldNames) fields[name] ??= "";
  return { ok: true, submission: { kind, fields } };
}

/** A checked lead as its call's body (CONTENT-API 5): multipart for the contact calls, JSON for a thought paper. */
export function leadBody(lead: CheckedLead): FormData | string {
  if (lead.kind === "thought-paper") return JSON.stringify(lead.fields);
  const form = new FormData();
  for (const name of contactFieldNames) form.append(name, lead.fields[name]);
  return form;
}

