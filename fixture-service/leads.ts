/**
 * The fixture service's lead calls (CONTENT-API 5): read and checked by the one intake
 * (src/shared/leadIntake.ts), then stored in SQLite (fixture-service/leadStore.ts).
 */
import type { CaptchaVerifier } from "../src/shared/captcha.ts";
import type { Fixtures } from "./fixtures.ts";
import { badRequest, json, jsonRetryLater } from "../src/shared/jsonAnswer.ts";
import { checkLead, readLeadRequest, type CheckedLead, type LeadKind } from "../src/shared/leadIntake.ts";
import type { Lead } from "../src/shared/storedLeads.ts";
import { LeadsUnavailable, type LeadStore } from "./leadStore.ts";
import { plain, text } from "./pages.ts";

/** How long a visitor should wait before sending a lead again after the database was busy. */
export const busyRetryAfterSeconds = 5;

/** The stored lead, or the 503 that tells the visitor to try again: nothing is lost silently. */
async function storeLead(leads: LeadStore, lead: CheckedLead): Promise<Lead | Response> {
  const { name, Organisation, email, contactNumber } = lead.fields;
  try {
    return await leads.add({
      kind: lead.kind,
      name,
      organisation: Organisation,
      email,
      contactNumber,
      ...(lead.kind === "thought-paper" ? { thoughtPaperName: lead.fields.thoughtPaperName } : { message: lead.fields.message }),
    });
  } catch (error) {
    if (!(error instanceof LeadsUnavailable)) throw error;
    console.warn(error.message);
    return jsonRetryLater(503, "the request could not be stored just now; please try again in a moment", busyRetryAfterSeconds);
  }
}

export interface LeadCallOptions {
  fixtures: Fixtures;
  leads: LeadStore;
  captcha: CaptchaVerifier;
}

/** One lead call: 400 with SPEC 5's messages, null for a thought paper the fixtures do not offer, else the stored lead's id. */
export async function takeLead(options: LeadCallOptions, kind: LeadKind, request: Request): Promise<Response> {
  const read = await readLeadRequest(request, kind);
  if (!read.ok) return read.response;
  const verdict = await checkLead(read.submission, options.captcha);
  if (!verdict.ok) return badRequest(verdict.errors);
  const { lead } = verdict;
  if (lead.kind === "thought-paper") {
    // A service answers null for a paper it does not offer; the site then stops the download.
    const paper = lead.fields.thoughtPaperName.toLowerCase();
    if (!options.fixtures.lists.thoughtpapers.some((item) => plain(text(item.title)).toLowerCase() === paper)) return json(null);
  }
  const stored = await storeLead(options.leads, lead);
  return stored instanceof Response ? stored : json({ id: stored.id, status: lead.kind === "thought-paper" ? "saved" : "received" });
}
