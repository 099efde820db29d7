/**
 * A posted form (issue 20): the contact form and the thought-paper form are real
 * `<form method="post">`s with the contract's field names (CONTENT-API 5), so a visitor whose
 * page has no code yet (or none at all) still reaches the company; with the code, the forms send
 * the same fields to the same route action through the router (./usePageAction.ts). This module
 * is the one place that judges such a post and hands it on, framework-agnostic and pure but for
 * the injected `submitLead`: the SPEC 5 rules (./validation.ts), then the lead is handed on, then
 * the answer: the thank-you page, or the form again with the messages and everything typed. The
 * route action wires it (the router's `action`, on the server and in the browser); the form
 * components render `errors` and `values` from what it returns.
 *
 * The captcha token is the field `token`: the local test captcha's checkbox posts it; without
 * the code a reCAPTCHA widget never draws, so nothing is posted and the form answers SPEC 5's
 * "Please confirm that you are not a robot".
 */
import type { FormResult } from "../content/client.ts";
import type { ContactFields, ThoughtPaperFields } from "./schemas.ts";
import { checkField, contactRules, thoughtPaperNameRule, thoughtPaperRules, validateForm, type FormRules } from "./validation.ts";

export type FormKind = "contact" | "thoughtPaper";

/** Which call a lead goes to (SPEC 7): the contact form's two variants, or the thought-paper lead (the lead store's kinds). */
export type Lead =
  | { kind: "contact"; fields: ContactFields }
  | { kind: "presentation"; fields: ContactFields }
  | { kind: "thought-paper"; fields: ThoughtPaperFields & { thoughtPaperName: string } };

/** A lead as `submitLead`'s arguments: its kind, and that kind's fields. */
export type LeadArguments = { [K in Lead["kind"]]: [kind: K, fields: Extract<Lead, { kind: K }>["fields"]] }[Lead["kind"]];

/** Hands a valid lead on (the lead outbox, or the content service): the outcome of a form call. */
export type SubmitLead = (...lead: LeadArguments) => Promise<FormResult>;

export interface FormPostContext {
  /** The contact form's mode (SPEC 2.7), from the address posted to (`?from=presentation-services`). */
  presentation: boolean;
  /** Where an accepted lead goes: the form's thank-you page. */
  successPath: string;
  /** The thought paper the form is about, from the page's own data (never from the post). */
  paper?: { name: string; documentPath: string } | undefined;
  submitLead: SubmitLead;
}

/** Everything the visitor typed, by field, to fill the form again (the captcha token is never sent back). */
export type PostedValues = Record<string, string>;

export type FormPostResult =
  /** Accepted; a thought paper's PDF is to be downloaded on the way (its `documentPath`). */
  | { kind: "redirect"; location: string; download?: { documentPath: string; paperName: string } }
  /** SPEC 5's messages by field (the service's own verdict too), and the values as typed. */
  | { kind: "invalid"; errors: Record<string, string>; values: PostedValues }
  /** Valid, but the lead could not be handed on: the form again, as typed (SPEC 8: the reason decides any message). */
  | { kind: "unsent"; reason: Exclude<FormResult, { ok: true } | { reason: "invalid" }>["reason"]; values: PostedValues };

/**
 * The posted text of each of the form's fields ("" for a missing field or a file), as typing
 * would have left it with the code (SPEC 5.1: the phone number stripped, the name's spaces
 * collapsed), so a post without the code is judged exactly as one the code sent.
 */
function read<F extends string>(rules: FormRules<F>, data: FormData): Record<string, string> {
  return Object.fromEntries(rules.fields.map((name) => {
    const value = data.get(name);
    const text = typeof value === "string" ? value : "";
    return [name, rules.asTyped[name]?.(text) ?? text];
  }));
}

function typedBack(values: Record<string, string>): PostedValues {
  const { token: _token, ...typed } = values;
  return typed;
}

export async function handleFormPost(kind: FormKind, data: FormData, context: FormPostContext): Promise<FormPostResult> {
  const values = kind === "contact" ? read(contactRules(context), data) : read(thoughtPaperRules, data);
  if (kind === "contact") {
    const rules = contactRules(context);
    const checked = validateForm(rules.fields, rules.submit, values);
    if ("errors" in checked) return { kind: "invalid", errors: checked.errors, values: typedBack(values) };
    const outcome = await context.submitLead(context.presentation ? "presentation" : "contact", checked.values);
    return answer(outcome, values, { kind: "redirect", location: context.successPath });
  }
  const paper = context.paper;
  if (!paper) throw new Error("a thought-paper form was posted where no thought paper is shown");
  const checked = validateForm(thoughtPaperRules.fields, thoughtPaperRules.submit, values);
  if ("errors" in checked) return { kind: "invalid", errors: checked.errors, values: typedBack(values) };
  // The paper's name by the lead call's own rule: a name the service would refuse is the same answer here, without a call.
  const paperName = checkField(thoughtPaperNameRule, paper.name);
  if ("message" in paperName) return { kind: "invalid", errors: { thoughtPaperName: paperName.message }, values: typedBack(values) };
  const outcome = await context.submitLead("thought-paper", { ...checked.values, thoughtPaperName: paperName.value });
  return answer(outcome, values, { kind: "redirect", location: context.successPath, download: { documentPath: paper.documentPath, paperName: paper.name } });
}

function answer(outcome: FormResult, values: Record<string, string>, accepted: FormPostResult): FormPostResult {
  if (outcome.ok) return accepted;
  if (outcome.reason === "invalid") return { kind: "invalid", errors: outcome.errors, values: typedBack(values) };
  return { kind: "unsent", reason: outcome.reason, values: typedBack(values) };
}
