/**
 * The rules of SPEC 5, the one place for every rule and message of both forms, shared by
 * the browser forms and the fixture content service (so a request that bypasses the browser
 * gets the same verdict).
 *
 * The rules are data: each field is how its text is read (trimmed, spaces collapsed) and its checks
 * in order, each with its message; the first check that fails speaks. Each form has two sets over
 * the same fields:
 * - submit: every rule, with the messages shown on submit (SPEC 5.1 table). It is also the
 *   service's verdict (400 with these messages): ./schemas.ts makes the server's zod schemas of
 *   the same rules.
 * - live: the checks run as the visitor types (SPEC 5.1 "Live checks"), with their own
 *   messages. Every live rule is also a submit rule, so an input the schema accepts never
 *   shows a live error (a property test holds this).
 * plus `asTyped`, what typing does to a field (phone stripped, repeated spaces collapsed).
 *
 * Pure TypeScript: no DOM, no React, no schema library, so the service imports it and the
 * browser's forms run it without loading zod. A form reads it as a Standard Schema
 * (react-hook-form's resolver takes one).
 */
import { contactFieldNames, type ThoughtPaperLeadRequest } from "../content/names.ts";

/** Free-mail providers whose addresses are not accepted as official ones (SPEC 5.1, 5.2): one list, chosen deliberately. */
export const freeMailDomains = [
  "gmail.com",
  "yahoo.com",
  "hotmail.com",
  "outlook.com",
  "aol.com",
  "icloud.com",
  "mail.com",
  "protonmail.com",
] as const;

/**
 * Letters of any script, dots and spaces. Letters include their combining marks: Tamil,
 * Devanagari or a decomposed "é" spell names with them, and they are letters to the visitor.
 */
const namePattern = /^[\p{L}\p{M}. ]+$/u;
/**
 * Text an HTML parser would read as markup: "<" directly followed by an ASCII letter (a tag),
 * "/" (an end tag), "!" (a comment or doctype) or "?" (a processing instruction). "a < b" and
 * "<3" stay plain text, as they do in a browser.
 */
const tagLikePattern = /<[a-z/!?]/i;
/** Digits, parentheses and plus. */
const phonePattern = /^[\d()+]+$/;
/** A well-formed address: one @, no spaces, a dot in the domain. */
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The standard form: word characters, dots, plus and hyphen before @; labels and a 2+ letter TLD after. */
const standardEmailPattern = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

const phoneLength = { min: 10, max: 20 } as const;

/** SPEC 5.1 and 5.2 "Limits". */
const fieldLimits = {
  contact: { name: 100, Organisation: 100, email: 100, message: 2000 },
  thoughtPaper: { name: 50, Organisation: 50, email: 50 },
  /** The paper a lead is for: its title, which the page shows whole up to this length (src/app/pageHead.tsx). */
  thoughtPaperName: 300,
} as const;

/** Collapses runs of spaces (SPEC 5: "repeated spaces are collapsed"). */
export const collapseSpaces = (value: string) => value.replace(/ {2,}/g, " ");
/** Drops what a phone number may not hold (SPEC 5.1 live check). */
export const stripPhone = (value: string) => value.replace(/[^\d()+]/g, "");
/**
 * One line break is one character, whatever the transport: multipart form data sends "\n"
 * as "\r\n", which would otherwise let a message the browser accepted exceed the service's limit.
 */
const normalizeLineBreaks = (value: string) => value.replace(/\r\n?/g, "\n");

function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1).trim().toLowerCase();
}

function isFreeMail(email: string): boolean {
  return (freeMailDomains as readonly string[]).includes(emailDomain(email));
}

const hasTagLikeText = (value: string) => tagLikePattern.test(value);

/** One rule of a field: the text passes `test`, else the field shows `message`. */
export interface FieldCheck {
  test: (value: string) => boolean;
  message: string;
}

/** A field's rules: how its text is read before any check, then its checks, in order. */
export interface FieldRule {
  clean: (value: string) => string;
  checks: readonly FieldCheck[];
}

const check = (test: (value: string) => boolean, message: string): FieldCheck => ({ test, message });
const minLength = (min: number, message: string) => check((v) => v.length >= min, message);
const maxLength = (max: number, message: string) => check((v) => v.length <= max, message);
const matches = (pattern: RegExp, message: string) => check((v) => pattern.test(v), message);
const atMost = (max: number, label: string) => maxLength(max, `${label} must be at most ${max} characters`);

/** How each field's text is read before any rule: what the visitor meant, not stray whitespace. */
const cleanName = (v: string) => collapseSpaces(v.normalize("NFC")).trim();
const cleanText = (v: string) => normalizeLineBreaks(v).trim();
const asIs = (v: string) => v;

function nameField(messages: { required: string; max: number }): FieldRule {
  return { clean: cleanName, checks: [minLength(1, messages.required), matches(namePattern, "Entered Name is invalid"), atMost(messages.max, "Name")] };
}

/**
 * What has no place in a one-line field (the organization, the paper's name): a line break
 * (harmless on a page, but a mailer that puts the field in a header, a subject or a name, would
 * read what follows as headers of its own), a line or paragraph separator (U+2028, U+2029: a
 * line break to JavaScript and to some mail clients), NUL and the other control characters (a tab
 * aside).
 */
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const breaksOneLine = (value: string) => /[\u0000-\u0008\u000a-\u001f\u007f\u2028\u2029]/.test(value);

function noTagsField(messages: { required: string; invalid: string; max: number; label: string; singleLine?: boolean }): FieldRule {
  return {
    clean: cleanText,
    checks: [
      minLength(1, messages.required),
      check((v) => !hasTagLikeText(v) && !(messages.singleLine === true && breaksOneLine(v)), messages.invalid),
      atMost(messages.max, messages.label),
    ],
  };
}

function emailField(messages: { required: string; invalid: string; format: string; freeMail: string | null; max: number }): FieldRule {
  const { freeMail } = messages;
  return {
    clean: cleanText,
    checks: [
      minLength(1, messages.required),
      matches(emailPattern, messages.invalid),
      matches(standardEmailPattern, messages.format),
      ...(freeMail === null ? [] : [check((v) => !isFreeMail(v), freeMail)]),
      atMost(messages.max, "Email"),
    ],
  };
}

function phoneField(required: string | null): FieldRule {
  const invalid = "Invalid Contact Number";
  return {
    clean: cleanText,
    checks: [
      // Live, an empty number is simply too short (SPEC 5.1: "a length under 10").
      minLength(1, required ?? invalid),
      matches(phonePattern, invalid),
      minLength(phoneLength.min, invalid),
      maxLength(phoneLength.max, invalid),
    ],
  };
}

const tokenField = (message: string): FieldRule => ({ clean: asIs, checks: [minLength(1, message)] });

/** A field's text as the rules read it, or the message of the first rule it fails. */
export function checkField(rule: FieldRule, value: string): { value: string } | { message: string } {
  const cleaned = rule.clean(value);
  const failed = rule.checks.find((each) => !each.test(cleaned));
  return failed ? { message: failed.message } : { value: cleaned };
}

/** The contact form's fields are the contact call's fields (CONTENT-API 5), in page order. */
export type ContactField = (typeof contactFieldNames)[number];

/** The thought-paper form's fields: the lead call's, less the paper's name, which the page supplies. */
export const thoughtPaperFieldNames = ["name", "Organisation", "email", "contactNumber", "token"] as const satisfies readonly (keyof ThoughtPaperLeadRequest)[];
export type ThoughtPaperField = (typeof thoughtPaperFieldNames)[number];

/** Which variant of a form applies (SPEC 4, 6: chosen by the stored presentation-service flag). */
export interface FormMode {
  presentation: boolean;
}

export type FormValues<F extends string> = Record<F, string>;

/** Field -> rule, for every field of a form. */
export type FieldRules<F extends string> = Record<F, FieldRule>;

/** Everything a form needs to validate, in one value; the form components take it as is. */
export interface FormRules<F extends string> {
  /** The fields in page order: the first invalid one takes focus after a failed submit. */
  fields: readonly F[];
  /** Every rule, with the on-submit messages; the service's verdict too (./schemas.ts). */
  submit: FieldRules<F>;
  /** The checks run as the visitor types, by field, with the live messages. */
  live: FieldRules<F>;
  /** What typing does to a field's text. */
  asTyped: Partial<Record<F, (value: string) => string>>;
}

/** A form's values against its rules: each field's text as the rules read it, or the first message per failing field. */
export function validateForm<F extends string>(fields: readonly F[], rules: FieldRules<F>, values: Partial<Record<string, unknown>>): { values: FormValues<F> } | { errors: Record<string, string> } {
  const read: Partial<Record<F, string>> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const given = values[field];
    const outcome = checkField(rules[field], typeof given === "string" ? given : "");
    if ("message" in outcome) errors[field] = outcome.message;
    else read[field] = outcome.value;
  }
  return Object.keys(errors).length > 0 ? { errors } : { values: read as FormValues<F> };
}

function formRules<F extends string>(fields: readonly F[], submit: FieldRules<F>, live: FieldRules<F>, asTyped: FormRules<F>["asTyped"]): FormRules<F> {
  return { fields, submit, live, asTyped };
}

export const contactMessages = {
  freeMail: "Please use a professional email address associated with a legitimate organization or domain.",
  captcha: "Please confirm that you are not a robot",
} as const;

const contactLimits = fieldLimits.contact;

/** SPEC 5.1, on submit. In presentation mode any well-formed address is accepted. */
export function contactSubmitRules(mode: FormMode): FieldRules<ContactField> {
  return {
    name: nameField({ required: "Please enter your first and last name", max: contactLimits.name }),
    Organisation: noTagsField({
      required: "Please enter your organization's name",
      invalid: "Entered Organization is invalid",
      max: contactLimits.Organisation,
      label: "Organization",
      singleLine: true,
    }),
    email: emailField({
      required: "Please enter a valid official email address",
      invalid: "Entered Email is invalid",
      format: "Email must be a valid format",
      freeMail: mode.presentation ? null : contactMessages.freeMail,
      max: contactLimits.email,
    }),
    contactNumber: phoneField("Please enter a valid contact number"),
    message: noTagsField({
      required: "Please describe your request",
      invalid: "Entered Request is invalid",
      max: contactLimits.message,
      label: "Request",
    }),
    token: tokenField(contactMessages.captcha),
  };
}

/** SPEC 5.1 "Live checks". */
export function contactLiveRules(mode: FormMode): FieldRules<ContactField> {
  return {
    name: nameField({ required: "Please enter the Firstname Lastname", max: contactLimits.name }),
    Organisation: noTagsField({
      required: "Please enter the Organization",
      invalid: "Entered Organization is invalid",
      max: contactLimits.Organisation,
      label: "Organization",
      singleLine: true,
    }),
    email: emailField({
      required: "Please enter a valid official email address",
      invalid: "Entered email is invalid",
      format: "Entered email is invalid",
      freeMail: mode.presentation ? null : contactMessages.freeMail,
      max: contactLimits.email,
    }),
    contactNumber: phoneField(null),
    message: noTagsField({
      required: "Please enter the Message",
      invalid: "Entered Message is invalid",
      max: contactLimits.message,
      label: "Message",
    }),
    token: tokenField(contactMessages.captcha),
  };
}

/** As typed: SPEC 5.1 strips the phone number and collapses repeated spaces in the name. */
const typedContact = { name: collapseSpaces, contactNumber: stripPhone };

export function contactRules(mode: FormMode): FormRules<ContactField> {
  return formRules(contactFieldNames, contactSubmitRules(mode), contactLiveRules(mode), typedContact);
}

export const thoughtPaperMessages = {
  freeMail: "Kindly enter your Official Email Id",
  captcha: "Please ensure you are not a robo",
} as const;

const paperLimits = fieldLimits.thoughtPaper;

/** SPEC 5.2: one set of messages, on submit and as typed. */
export const thoughtPaperSubmitRules: FieldRules<ThoughtPaperField> = {
  name: nameField({ required: "Please enter the Firstname Lastname", max: paperLimits.name }),
  Organisation: noTagsField({
    required: "Please enter the Organization",
    invalid: "Entered Organization is invalid",
    max: paperLimits.Organisation,
    label: "Organization",
    singleLine: true,
  }),
  email: emailField({
    required: "Please enter the Official email ID",
    invalid: "Entered Email is invalid",
    format: "Entered Email is invalid",
    freeMail: thoughtPaperMessages.freeMail,
    max: paperLimits.email,
  }),
  contactNumber: phoneField("Please enter the Contact number"),
  token: tokenField(thoughtPaperMessages.captcha),
};

export const thoughtPaperRules: FormRules<ThoughtPaperField> = formRules(thoughtPaperFieldNames, thoughtPaperSubmitRules, thoughtPaperSubmitRules, typedContact);

/**
 * The paper a thought-paper lead is for (`thoughtPaperName`): the page supplies it (the paper's
 * title), never the visitor, and the service is not asked whether it names a paper (a lead is
 * taken while the service is down). It is bounded like the visitor's own one-line fields.
 */
export const thoughtPaperNameRule: FieldRule = {
  clean: cleanText,
  checks: [
    minLength(1, "Please choose a thought paper"),
    check((v) => !breaksOneLine(v), "Entered thought paper name is invalid"),
    atMost(fieldLimits.thoughtPaperName, "Thought paper name"),
  ],
};

/** Every field of a thought-paper lead as the lead call takes it (CONTENT-API 5): the form's and the paper's name. */
export const thoughtPaperLeadRules: FieldRules<ThoughtPaperField | "thoughtPaperName"> = { ...thoughtPaperSubmitRules, thoughtPaperName: thoughtPaperNameRule };

/** The live message of one field for the text it now holds, or null when it passes. */
export function liveError<F extends string>(rules: FormRules<F>, field: F, value: string): string | null {
  const outcome = checkField(rules.live[field], value);
  return "message" in outcome ? outcome.message : null;
}
