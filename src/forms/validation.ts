/**
 * The rules of SPEC 5: one schema per form, with every message, shared by the browser
 * forms and the fixture content service (so a request that bypasses the browser gets the
 * same verdict). Each rule is written once here and composed into both forms.
 */
import * as z from "zod/mini";

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

/** Letters (any script), dots and spaces. */
export const namePattern = /^[\p{L}. ]+$/u;
/** Something that reads as an HTML tag: "<" followed by a letter, "/", "!" or "?". */
export const tagLikePattern = /<\s*[a-z/!?]/i;
/** Digits, parentheses and plus. */
export const phonePattern = /^[\d()+]+$/;
/** A well-formed address: one @, no spaces, a dot in the domain. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The standard form: word characters, dots, plus and hyphen before @; labels and a 2+ letter TLD after. */
export const standardEmailPattern = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

export const phoneLength = { min: 10, max: 20 } as const;

/** Collapses runs of spaces (SPEC 5: "repeated spaces are collapsed"). */
export const collapseSpaces = (value: string) => value.replace(/ {2,}/g, " ");
/** Drops what a phone number may not hold (SPEC 5.1 live check). */
export const stripPhone = (value: string) => value.replace(/[^\d()+]/g, "");

export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1).trim().toLowerCase();
}

export function isFreeMail(email: string): boolean {
  return (freeMailDomains as readonly string[]).includes(emailDomain(email));
}

const maxLength = (max: number, label: string) => z.maxLength(max, `${label} must be at most ${max} characters`);

function nameField(messages: { required: string; max: number }) {
  return z.string().check(
    z.overwrite((v) => collapseSpaces(v).trim()),
    z.minLength(1, messages.required),
    z.regex(namePattern, "Entered Name is invalid"),
    maxLength(messages.max, "Name"),
  );
}

function noTagsField(messages: { required: string; invalid: string; max: number; label: string }) {
  return z.string().check(
    z.overwrite((v) => v.trim()),
    z.minLength(1, messages.required),
    z.refine((v) => !tagLikePattern.test(v), messages.invalid),
    maxLength(messages.max, messages.label),
  );
}

function emailField(messages: { required: string; invalid: string; format?: string; freeMail: string | null; max: number }) {
  return z.string().check(
    z.overwrite((v) => v.trim()),
    z.minLength(1, messages.required),
    z.regex(emailPattern, messages.invalid),
    z.regex(standardEmailPattern, messages.format ?? messages.invalid),
    z.refine((v) => messages.freeMail === null || !isFreeMail(v), messages.freeMail ?? ""),
    maxLength(messages.max, "Email"),
  );
}

function phoneField(required: string) {
  return z.string().check(
    z.overwrite((v) => v.trim()),
    z.minLength(1, required),
    z.regex(phonePattern, "Invalid Contact Number"),
    z.minLength(phoneLength.min, "Invalid Contact Number"),
    z.maxLength(phoneLength.max, "Invalid Contact Number"),
  );
}

export const contactMessages = {
  freeMail: "Please use a professional email address associated with a legitimate organization or domain.",
  captcha: "Please confirm that you are not a robot",
} as const;

/** SPEC 5.1. In presentation mode any well-formed address is accepted. */
export function contactSchema(mode: { presentation: boolean }) {
  return z.object({
    name: nameField({ required: "Please enter your first and last name", max: 100 }),
    Organisation: noTagsField({
      required: "Please enter your organization's name",
      invalid: "Entered Organization is invalid",
      max: 100,
      label: "Organization",
    }),
    email: emailField({
      required: "Please enter a valid official email address",
      invalid: "Entered Email is invalid",
      format: "Email must be a valid format",
      freeMail: mode.presentation ? null : contactMessages.freeMail,
      max: 100,
    }),
    contactNumber: phoneField("Please enter a valid contact number"),
    message: noTagsField({
      required: "Please describe your request",
      invalid: "Entered Request is invalid",
      max: 2000,
      label: "Request",
    }),
    token: z.string().check(z.minLength(1, contactMessages.captcha)),
  });
}
export type ContactFields = z.output<ReturnType<typeof contactSchema>>;

export const thoughtPaperMessages = {
  freeMail: "Kindly enter your Official Email Id",
  captcha: "Please ensure you are not a robo",
} as const;

/** SPEC 5.2. */
export const thoughtPaperSchema = z.object({
  name: nameField({ required: "Please enter the Firstname Lastname", max: 50 }),
  Organisation: noTagsField({
    required: "Please enter the Organization",
    invalid: "Entered Organization is invalid",
    max: 50,
    label: "Organization",
  }),
  email: emailField({
    required: "Please enter the Official email ID",
    invalid: "Entered Email is invalid",
    freeMail: thoughtPaperMessages.freeMail,
    max: 50,
  }),
  contactNumber: phoneField("Please enter the Contact number"),
  token: z.string().check(z.minLength(1, thoughtPaperMessages.captcha)),
});
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
