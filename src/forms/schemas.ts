/**
 * The forms' rules (./validation.ts) as zod schemas: a server's verdict on a lead that reaches
 * it (src/shared/leadIntake.ts: the site server's and the fixture service's), parsed at the
 * boundary like every other request, with the same checks and messages as the browser's forms.
 * Server code only: the browser's forms run the rules themselves, without zod.
 */
import * as z from "zod/mini";
import { contactSubmitRules, thoughtPaperLeadRules, thoughtPaperSubmitRules, type FieldRule, type FieldRules, type FormMode } from "./validation.ts";

/** One field: its text read as the rule reads it, then each check, in order. */
function fieldSchema(rule: FieldRule) {
  return z.string().check(z.overwrite(rule.clean), ...rule.checks.map((each) => z.refine<string>(each.test, each.message)));
}

/** A form's rules as one zod object. */
export function formSchema<F extends string>(rules: FieldRules<F>) {
  const shape = Object.fromEntries(Object.entries<FieldRule>(rules).map(([field, rule]) => [field, fieldSchema(rule)]));
  return z.object(shape as Record<F, ReturnType<typeof fieldSchema>>);
}

/** SPEC 5.1, on submit: the contact calls' verdict. */
export const contactSchema = (mode: FormMode) => formSchema(contactSubmitRules(mode));

/** SPEC 5.2: the thought-paper form's fields. */
export const thoughtPaperSchema = formSchema(thoughtPaperSubmitRules);

/** The thought-paper lead call's verdict: the form's fields and the paper's name. */
export const thoughtPaperLeadSchema = formSchema(thoughtPaperLeadRules);

/** A lead's fields as the rules read them (trimmed, spaces collapsed): what the server's intake keeps. */
export type ContactFields = z.output<ReturnType<typeof contactSchema>>;
export type ThoughtPaperFields = z.output<typeof thoughtPaperSchema>;

/** The first message per field of a failed parse: the shape of the service's 400 answer. */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}
