/**
 * The browser and the content service judge a contact request alike: for every generated
 * input, what the form would do (send, or show messages) matches what the fixture service
 * answers (200, or 400 with the same message per field), across the real transport
 * (the content client's multipart body, parsed by the service).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createContentClient } from "../src/content/client.ts";
import { contactFieldNames } from "../src/content/contract.ts";
import { localCaptchaToken } from "../src/forms/captcha/localToken.ts";
import { contactRules, freeMailDomains, validateForm, type ContactField, type FormValues } from "../src/forms/validation.ts";
import { fixtureService, serviceFetch } from "./harness.tsx";

const client = createContentClient({ base: "", timeoutMs: 10_000, fetch: serviceFetch(fixtureService()) });

const text = (units: string, maxLength: number) => fc.string({ unit: fc.constantFrom(...Array.from(units)), maxLength });
const letters = "abcdeXYZéñжகா";

/** Inputs a visitor could type, valid and not, including the edges of every rule. */
const typed = fc.record({
  name: fc.oneof(text(`${letters} .`, 12), text(`${letters} .-'1<`, 12), fc.constant(`${"A".repeat(99)}  `), fc.constant("A".repeat(101))),
  Organisation: fc.oneof(text(`${letters} &<>/!-1`, 16), fc.constantFrom("Acme <b>Corp", "a < b", `${"O".repeat(100)} `, "O".repeat(101))),
  email: fc.oneof(
    fc.tuple(fc.stringMatching(/^[a-z0-9._+-]{1,12}$/), fc.constantFrom("engines.example", "corvane.co", "x.c", ...freeMailDomains)).map(([local, domain]) => `${local}@${domain}`),
    text("ab@. +-é", 14),
    fc.constant(`${"a".repeat(90)}@example.com`),
  ),
  contactNumber: fc.oneof(text("0123456789()+", 24), text("0123456789 -.x", 24)),
  message: fc.oneof(text(`${letters} \n\r<>/!?`, 40), fc.constant("a\n".repeat(1000)), fc.constant(`${"m".repeat(1999)}\r\n`), fc.constant("m".repeat(2001))),
  token: fc.constantFrom(localCaptchaToken, ""),
});

describe("client and service verdicts on a contact request", () => {
  it("agree on every generated input, in both modes", async () => {
    await fc.assert(
      fc.asyncProperty(typed, fc.boolean(), async (input, presentation) => {
        const rules = contactRules({ presentation });
        // What the inputs hold once typing has done its work (phone stripped, spaces collapsed).
        const held = Object.fromEntries(contactFieldNames.map((field) => [field, rules.asTyped[field]?.(input[field]) ?? input[field]])) as FormValues<ContactField>;
        const verdict = validateForm(rules.fields, rules.submit, held);
        if ("errors" in verdict) {
          const clientErrors = verdict.errors;
          // A request that bypasses the browser gets the same messages.
          expect(await client.submitContact(held, { presentation })).toEqual({ ok: false, reason: "invalid", errors: clientErrors });
        } else {
          expect(await client.submitContact(verdict.values, { presentation })).toMatchObject({ ok: true });
        }
      }),
      { numRuns: 250 },
    );
  }, 60_000);
});
