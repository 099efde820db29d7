import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { contactSchema, fieldErrors, formSchema, thoughtPaperLeadSchema, thoughtPaperSchema } from "./schemas.ts";
import {
  collapseSpaces,
  contactLiveRules,
  contactRules,
  freeMailDomains,
  liveError,
  stripPhone,
  thoughtPaperRules,
  validateForm,
  type FormMode,
} from "./validation.ts";

/** The live rules as a zod schema, to read them field by field as the submit schema is read. */
const contactLiveSchema = (mode: FormMode) => formSchema(contactLiveRules(mode));

const normal: FormMode = { presentation: false };
const presentation: FormMode = { presentation: true };

/** Characters of every kind a visitor might type or paste: letters of several scripts, marks, digits, punctuation, markup. */
const nameChar = fc.constantFrom(...Array.from("abcXYZéñßøΩжЖகாि ொ.  -'_0123456789@<>/\t!?,()+😀\u0301"));
const anyText = (maxLength: number) => fc.string({ unit: nameChar, maxLength });

/** The first message the submit schema gives each field, or {} when the input is accepted. */
function verdict(schema: { safeParse: (v: unknown) => { success: true } | { success: false; error: Parameters<typeof fieldErrors>[0] } }, values: unknown) {
  const result = schema.safeParse(values);
  return result.success ? {} : fieldErrors(result.error);
}

const valid = {
  name: "Ada Lovelace",
  Organisation: "Analytical Engines Ltd",
  email: "ada@engines.example",
  contactNumber: "+14045550142",
  message: "We need help with claims processing.",
  token: "local-test-token",
};

describe("contact schema (SPEC 5.1, on submit)", () => {
  it.each([
    ["name", "", "Please enter your first and last name"],
    ["name", "   ", "Please enter your first and last name"],
    ["name", "R2-D2", "Entered Name is invalid"],
    ["name", "A".repeat(101), "Name must be at most 100 characters"],
    ["Organisation", "", "Please enter your organization's name"],
    ["Organisation", "Acme <b>Corp</b>", "Entered Organization is invalid"],
    ["Organisation", "O".repeat(101), "Organization must be at most 100 characters"],
    // One line: a mailer putting it in a header would read "Bcc:" as a header of its own.
    ["Organisation", "Acme\r\nBcc: list@elsewhere.example", "Entered Organization is invalid"],
    ["Organisation", "Acme\nCorp", "Entered Organization is invalid"],
    ["name", "Ada\r\nLovelace", "Entered Name is invalid"],
    ["email", "ada@engines.example\r\nBcc: x@y.example", "Entered Email is invalid"],
    ["email", "", "Please enter a valid official email address"],
    ["email", "ada.example.com", "Entered Email is invalid"],
    ["email", "ada@engines.c", "Email must be a valid format"],
    ["email", "ada@gmail.com", "Please use a professional email address associated with a legitimate organization or domain."],
    ["email", `${"a".repeat(95)}@x.com`, "Email must be at most 100 characters"],
    ["contactNumber", "", "Please enter a valid contact number"],
    ["contactNumber", "404-555-0142", "Invalid Contact Number"],
    ["contactNumber", "123456789", "Invalid Contact Number"],
    ["contactNumber", "1".repeat(21), "Invalid Contact Number"],
    ["message", "", "Please describe your request"],
    ["message", "Hello <script>alert(1)</script>", "Entered Request is invalid"],
    ["message", "m".repeat(2001), "Request must be at most 2000 characters"],
    ["token", "", "Please confirm that you are not a robot"],
  ] as const)("%s %j: %s", (field, value, message) => {
    expect(verdict(contactSchema(normal), { ...valid, [field]: value })).toEqual({ [field]: message });
  });

  it("accepts a complete request and hands back what the visitor meant", () => {
    const result = contactSchema(normal).parse({ ...valid, name: "  Ada   Lovelace ", message: " Line one\r\nline two " });
    expect(result).toEqual({ ...valid, name: "Ada Lovelace", message: "Line one\nline two" });
  });
});

/** A contact form as a visitor might fill it in: typed or pasted text, and values the rules read in a certain way (spaces, line breaks, free mail). */
const contactInputs = fc.record({
  name: fc.oneof(anyText(110), fc.constantFrom("Ada Lovelace", "J. R. R. Tolkien", "  Ada   Lovelace ")),
  Organisation: fc.oneof(anyText(110), fc.constant("Corvane")),
  email: fc.oneof(anyText(30), fc.constantFrom("ada@engines.example", "ada@gmail.com", "a@b.c", " a@b.co ")),
  contactNumber: fc.oneof(fc.stringMatching(/^[\d()+]{0,24}$/), anyText(24)),
  message: fc.oneof(anyText(60), fc.constantFrom("Please call me.", " Line one\r\nline two ")),
  token: fc.constantFrom("", "local-test-token"),
});

describe("contact live checks (SPEC 5.1)", () => {
  const rules = contactRules(normal);
  it.each([
    ["name", "", "Please enter the Firstname Lastname"],
    ["name", "Ada 9", "Entered Name is invalid"],
    ["Organisation", "", "Please enter the Organization"],
    ["Organisation", "<i>Acme</i>", "Entered Organization is invalid"],
    ["email", "ada@", "Entered email is invalid"],
    ["email", "ada@hotmail.com", "Please use a professional email address associated with a legitimate organization or domain."],
    ["contactNumber", "123456789", "Invalid Contact Number"],
    ["contactNumber", "1".repeat(21), "Invalid Contact Number"],
    ["message", "", "Please enter the Message"],
    ["message", "<img src=x>", "Entered Message is invalid"],
    ["token", "", "Please confirm that you are not a robot"],
  ] as const)("%s %j: %s", (field, value, message) => {
    expect(liveError(rules, field, value)).toBe(message);
  });

  it("accepts any well-formed address in presentation mode", () => {
    expect(liveError(contactRules(presentation), "email", "ada@hotmail.com")).toBeNull();
  });

  it("strips the phone number and collapses repeated spaces in the name as typed", () => {
    expect(rules.asTyped.contactNumber?.("+1 (404) 555-0142 ext")).toBe("+1(404)5550142");
    expect(rules.asTyped.name?.("Ada    Lovelace")).toBe("Ada Lovelace");
  });

  it("the browser's forms and the server's zod schema give every input the same verdict and the same values", () => {
    fc.assert(
      fc.property(contactInputs, fc.boolean(), (values, presentationMode) => {
        const mode = { presentation: presentationMode };
        const rules = contactRules(mode);
        const browser = validateForm(rules.fields, rules.submit, values);
        const server = contactSchema(mode).safeParse(values);
        if (server.success) expect(browser).toEqual({ values: server.data });
        else expect(browser).toEqual({ errors: fieldErrors(server.error) });
      }),
      { numRuns: 400 },
    );
  });

  it("never rejects what the submit schema accepts", () => {
    fc.assert(
      fc.property(contactInputs, fc.boolean(), (values, presentationMode) => {
        const mode = { presentation: presentationMode };
        const submit = verdict(contactSchema(mode), values);
        const live = contactRules(mode);
        for (const field of live.fields) {
          // A live error on a field means the schema rejects that field too.
          if (liveError(live, field, values[field]) !== null) expect(submit).toHaveProperty(field);
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe("properties of the rules", () => {
  const nameRule = contactSchema(normal).shape.name;
  const isNameChar = (ch: string) => /\p{L}|\p{M}/u.test(ch) || ch === "." || ch === " ";

  it("the name pattern accepts exactly letters (with their marks), dots and spaces", () => {
    fc.assert(
      fc.property(anyText(40), (typed) => {
        const meant = collapseSpaces(typed.normalize("NFC")).trim();
        const expected = meant.length > 0 && Array.from(meant).every(isNameChar);
        const result = nameRule.safeParse(typed);
        expect(result.success).toBe(expected);
        if (!result.success && meant.length > 0) expect(result.error.issues[0]?.message).toBe("Entered Name is invalid");
      }),
      { numRuns: 500 },
    );
  });

  it("phone stripping is idempotent and leaves only digits, parentheses and plus, in their order", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...Array.from("0123456789()+- .x/#٣\u00a0")), maxLength: 30 }), (typed) => {
        const stripped = stripPhone(typed);
        expect(stripPhone(stripped)).toBe(stripped);
        expect(stripped).toMatch(/^[\d()+]*$/);
        expect(stripped).toBe(Array.from(typed).filter((ch) => "0123456789()+".includes(ch)).join(""));
      }),
    );
  });

  const tagLike = fc
    .tuple(anyText(10), fc.constantFrom(...Array.from("abcxyzABCXYZ/!?")), anyText(10))
    .map(([before, next, after]) => `Safe ${before}<${next}${after}`);
  const noTagFields = [
    ["contact Organisation", contactSchema(normal).shape.Organisation],
    ["contact message", contactSchema(normal).shape.message],
    ["live Organisation", contactLiveSchema(normal).shape.Organisation],
    ["live message", contactLiveSchema(normal).shape.message],
    ["thought-paper Organisation", thoughtPaperSchema.shape.Organisation],
  ] as const;

  it.each(noTagFields)("no text with an HTML-tag-like part passes the %s", (_label, rule) => {
    fc.assert(
      fc.property(tagLike, (text) => {
        expect(rule.safeParse(text).success).toBe(false);
      }),
    );
  });

  it("whatever passes reads as plain text to a browser's HTML parser", () => {
    const withAngles = fc.string({ unit: fc.constantFrom(...Array.from("<>/!?ab -&;=\"'3")), minLength: 1, maxLength: 30 });
    fc.assert(
      fc.property(withAngles, (text) => {
        if (!contactSchema(normal).shape.message.safeParse(text).success) return;
        const body = new DOMParser().parseFromString(text, "text/html").body;
        expect([...body.childNodes].every((node) => node.nodeType === Node.TEXT_NODE)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  const localPart = fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,20}$/);
  const anyCase = (domain: string) => fc.array(fc.boolean(), { minLength: domain.length, maxLength: domain.length }).map((upper) => Array.from(domain).map((ch, i) => (upper[i] ? ch.toUpperCase() : ch)).join(""));

  it.each(freeMailDomains)("%s is rejected in normal mode and accepted in presentation mode", (domain) => {
    fc.assert(
      fc.property(localPart, anyCase(domain), (local, typedDomain) => {
        const email = `${local}@${typedDomain}`;
        const message = "Please use a professional email address associated with a legitimate organization or domain.";
        expect(verdict(contactSchema(normal), { ...valid, email })).toEqual({ email: message });
        expect(liveError(contactRules(normal), "email", email)).toBe(message);
        expect(verdict(contactSchema(presentation), { ...valid, email })).toEqual({});
        expect(liveError(contactRules(presentation), "email", email)).toBeNull();
        expect(verdict(thoughtPaperSchema, { ...valid, email })).toEqual({ email: "Kindly enter your Official Email Id" });
      }),
      { numRuns: 30 },
    );
  });
});

describe("thought-paper rules (SPEC 5.2)", () => {
  const paper = { name: "Ada Lovelace", Organisation: "Engines", email: "ada@engines.example", contactNumber: "4045550142", token: "local-test-token" };

  it.each([
    ["name", "", "Please enter the Firstname Lastname"],
    ["name", "Ada_L", "Entered Name is invalid"],
    ["name", "A".repeat(51), "Name must be at most 50 characters"],
    ["Organisation", "", "Please enter the Organization"],
    ["Organisation", "<b>", "Entered Organization is invalid"],
    ["Organisation", "O".repeat(51), "Organization must be at most 50 characters"],
    ["email", "", "Please enter the Official email ID"],
    ["email", "ada @engines.example", "Entered Email is invalid"],
    ["email", "ada@yahoo.com", "Kindly enter your Official Email Id"],
    ["email", `${"a".repeat(45)}@x.com`, "Email must be at most 50 characters"],
    ["contactNumber", "", "Please enter the Contact number"],
    ["contactNumber", "12345", "Invalid Contact Number"],
    ["token", "", "Please ensure you are not a robo"],
  ] as const)("%s %j: %s", (field, value, message) => {
    expect(verdict(thoughtPaperSchema, { ...paper, [field]: value })).toEqual({ [field]: message });
    expect(liveError(thoughtPaperRules, field, value)).toBe(message);
  });

  it.each([
    ["", "Please choose a thought paper"],
    ["P".repeat(255_000), "Thought paper name must be at most 300 characters"],
    ["The Future\u0000of Work", "Entered thought paper name is invalid"],
    ["The Future\u2028of Work", "Entered thought paper name is invalid"],
    ["The Future\u2029of Work", "Entered thought paper name is invalid"],
    ["The Future\nof Work", "Entered thought paper name is invalid"],
  ])("a lead's paper name %j: %s, bounded like the one-line fields the visitor types", (thoughtPaperName, message) => {
    expect(verdict(thoughtPaperLeadSchema, { ...paper, thoughtPaperName })).toEqual({ thoughtPaperName: message });
  });

  it("takes a lead for a paper's title as the page shows it, up to 300 characters, without asking the service", () => {
    expect(thoughtPaperLeadSchema.safeParse({ ...paper, thoughtPaperName: ` ${"T".repeat(300)} ` }).data?.thoughtPaperName).toBe("T".repeat(300));
    expect(verdict(contactSchema(normal), { name: "Ada Lovelace", Organisation: "Engines\u0000Ltd", email: "ada@engines.example", contactNumber: "4045550142", message: "Hi", token: "t" })).toEqual({ Organisation: "Entered Organization is invalid" });
  });

  it("lists its fields in page order, with the same typing rules as the contact form", () => {
    expect(thoughtPaperRules.fields).toEqual(["name", "Organisation", "email", "contactNumber", "token"]);
    expect(thoughtPaperRules.asTyped.contactNumber?.("(404) 555 0142")).toBe("(404)5550142");
  });
});
