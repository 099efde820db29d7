import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Fragment, useState, type ReactNode } from "react";
import { wirePage } from "../../../tests/builders.ts";
import { cannedFetch, leadsTo, renderFormAt, requestUrl, testRuntime } from "../../../tests/harness.tsx";
import { pathTo } from "../../content/paths.ts";
import { PostedFormContext, type PostedForm } from "../../forms/postedForm.tsx";
import { readStored, storedKeys, writeStored } from "../../ui/storedValues.ts";
import { block } from "./ContactForm.tsx";

interface Call {
  path: string;
  fields: Record<string, string>;
}

/**
 * A content service that records form posts and answers them as told; the contact page the
 * route action resolves (its layout mounts the form) comes from the service too.
 */
function formService(answer: () => Promise<Response> = () => Promise.resolve(Response.json({ id: 1 })), around: (content: typeof globalThis.fetch) => typeof globalThis.fetch = (content) => content) {
  const calls: Call[] = [];
  const leads: typeof globalThis.fetch = (input, init) => {
    const body = init?.body;
    const fields = body instanceof FormData ? Object.fromEntries([...body.entries()].map(([name, value]) => [name, typeof value === "string" ? value : value.name])) : {};
    calls.push({ path: new URL(requestUrl(input), "http://site.test").pathname, fields });
    return answer();
  };
  const content = cannedFetch({ pages: { "Contact-Us": wirePage({ name: "Contact-Us" }) } });
  return { calls, runtime: testRuntime({ fetch: leadsTo(leads, around(content)) }) };
}

/** The form on the contact page (`slot.path`, else /contact-us), submitting through the page's route action. */
function mountForm(service: ReturnType<typeof formService>, slot: Parameters<typeof renderFormAt>[2] = {}, around?: (form: ReactNode) => ReactNode) {
  return renderFormAt(slot.path ?? "/contact-us", block, slot, service.runtime, around);
}

let user: ReturnType<typeof userEvent.setup>;
let scrollTo: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
});

const later = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** The form, with the captcha shown (one second after it appears). */
async function renderForm(service = formService(), slot: Parameters<typeof renderFormAt>[2] = {}) {
  const view = mountForm(service, slot);
  await later(1000);
  return { ...view, service };
}

const field = {
  name: () => screen.getByRole("textbox", { name: "Name" }),
  organisation: () => screen.getByRole("textbox", { name: "Organization" }),
  email: () => screen.getByRole("textbox", { name: "Email Address" }),
  phone: () => screen.getByRole("textbox", { name: "Phone Number" }),
  message: () => screen.getByRole("textbox", { name: "Tell us about your request..." }),
  captcha: () => screen.getByRole("checkbox", { name: "I'm not a robot" }),
  submit: () => screen.getByRole("button", { name: "Submit" }),
};

async function fillValid(overrides: Partial<Record<keyof typeof field, string>> = {}) {
  const values = { name: "Ada Lovelace", organisation: "Analytical Engines Ltd", email: "ada@engines.example", phone: "+14045550142", message: "We need help with claims.", ...overrides };
  await user.type(field.name(), values.name);
  await user.type(field.organisation(), values.organisation);
  await user.type(field.email(), values.email);
  await user.type(field.phone(), values.phone);
  await user.type(field.message(), values.message);
  await user.click(field.captcha());
}

/** The message tied to a field, as assistive technology finds it. */
function describedMessage(element: HTMLElement): string | null {
  const id = element.getAttribute("aria-describedby");
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe("contact form: captions (SPEC 2.7)", () => {
  it("shows the built-in captions, in SPEC order: fields, captcha, submit", async () => {
    const { container } = await renderForm();
    expect(screen.getByRole("heading", { level: 2, name: "Contact Us" })).toBeInTheDocument();
    const controls = [...container.querySelectorAll("input:not([type=hidden]), textarea, button")].map((element) => element.getAttribute("aria-label") ?? document.querySelector(`label[for="${element.id}"]`)?.textContent ?? element.textContent);
    expect(controls).toEqual(["Name", "Organization", "Email Address", "Phone Number", "Tell us about your request...", "I'm not a robot", "Submit"]);
  });

  it("takes every caption from its text resource when the service has one, as plain text", async () => {
    await renderForm(formService(), {
      chrome: {
        menus: [],
        resources: {
          "CU-TITLE": "Let's <em>Talk</em>",
          "CU-BUTTON": "Send request",
          "CU-TEXTBOX1-CAPTION": "Full Name",
          "CU-TEXTBOX2-CAPTION": "Company",
          "CU-TEXTBOX3-CAPTION": "Business Email",
          "CU-TEXTBOX4-CAPTION": "Telephone",
          "CU-TEXTAREA-CAPTION": "How can we help?",
        },
      },
    });
    expect(screen.getByRole("heading", { level: 2, name: "Let's Talk" })).toBeInTheDocument();
    for (const name of ["Full Name", "Company", "Business Email", "Telephone", "How can we help?"]) expect(screen.getByRole("textbox", { name })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send request" })).toBeInTheDocument();
  });

  it("uses the slot's title as its heading when the layout gives one", async () => {
    await renderForm(formService(), { title: "Write to us" });
    expect(screen.getByRole("heading", { level: 2, name: "Write to us" })).toBeInTheDocument();
  });
});

describe("contact form: timing (SPEC 4)", () => {
  it("has the local test captcha in its HTML from the start, posting its token as the form's `token` field (a post before the code arrives)", async () => {
    mountForm(formService());
    expect(field.captcha()).toHaveAttribute("name", "token");
    expect(field.captcha()).toHaveAttribute("value", "local-test-token");
    expect(field.captcha().closest("form")).toHaveAttribute("method", "post");
    await later(1000);
    expect(field.captcha()).toBeInTheDocument();
  });

  it("reads the presentation-service flag when the captcha appears, not before", async () => {
    const service = formService();
    mountForm(service);
    await later(500);
    writeStored(storedKeys.presentationService, "true");
    await later(500);
    await fillValid({ email: "ada@gmail.com" });
    await user.click(field.submit());
    await vi.waitFor(() => expect(service.calls.map((call) => call.path)).toEqual(["/api/contactus/presentation-page"]));
  });

  it("judges what was typed before the flag was read again by the rules of the mode it selects", async () => {
    writeStored(storedKeys.presentationService, "true");
    mountForm(formService());
    await user.type(field.email(), "ada@gmail.com");
    expect(describedMessage(field.email())).toBe("Please use a professional email address associated with a legitimate organization or domain.");
    await later(1000);
    expect(field.email()).not.toHaveAttribute("aria-invalid");
  });

  it("polls the captcha: the token goes stale in the form when the box is unticked", async () => {
    await renderForm();
    await user.click(field.captcha());
    await later(500);
    await user.click(field.captcha());
    expect(screen.queryByText("Please confirm that you are not a robot")).toBeNull();
    await later(500);
    expect(describedMessage(field.captcha())).toBe("Please confirm that you are not a robot");
  });
});

describe("contact form: messages on submit (SPEC 5.1 schema)", () => {
  it("ties a message to every empty field and moves focus to the first", async () => {
    const { service } = await renderForm();
    await user.click(field.submit());
    await vi.waitFor(() => expect(field.name()).toHaveFocus());
    const expected = [
      [field.name(), "Please enter your first and last name"],
      [field.organisation(), "Please enter your organization's name"],
      [field.email(), "Please enter a valid official email address"],
      [field.phone(), "Please enter a valid contact number"],
      [field.message(), "Please describe your request"],
      [field.captcha(), "Please confirm that you are not a robot"],
    ] as const;
    for (const [element, message] of expected) {
      expect(element, message).toHaveAttribute("aria-invalid", "true");
      expect(describedMessage(element)).toBe(message);
    }
    expect(service.calls).toEqual([]);
  });

  it.each([
    ["name", "R2 D2", "Entered Name is invalid"],
    ["organisation", "Acme <b>Corp</b>", "Entered Organization is invalid"],
    ["email", "ada.engines.example", "Entered Email is invalid"],
    ["email", "ada@engines.e", "Email must be a valid format"],
    ["email", "ada@gmail.com", "Please use a professional email address associated with a legitimate organization or domain."],
    ["phone", "404555014", "Invalid Contact Number"],
    ["message", "Hi <script>alert(1)</script>", "Entered Request is invalid"],
  ] as const)("%s %j: %s, and focus goes to it", async (name, value, message) => {
    const { service } = await renderForm();
    await fillValid({ [name]: value });
    await user.click(field.submit());
    await vi.waitFor(() => expect(field[name]()).toHaveFocus());
    expect(describedMessage(field[name]())).toBe(message);
    expect(service.calls).toEqual([]);
  });

  it("moves focus to the captcha when it is the only thing missing", async () => {
    await renderForm();
    await fillValid();
    await user.click(field.captcha());
    await user.click(field.submit());
    await vi.waitFor(() => expect(field.captcha()).toHaveFocus());
    expect(describedMessage(field.captcha())).toBe("Please confirm that you are not a robot");
  });

  it("re-validates a field as it changes after a failed submit", async () => {
    await renderForm();
    await fillValid({ organisation: "<i>" });
    await user.click(field.submit());
    await vi.waitFor(() => expect(describedMessage(field.organisation())).toBe("Entered Organization is invalid"));
    await user.clear(field.organisation());
    await user.type(field.organisation(), "Engines");
    await vi.waitFor(() => expect(field.organisation()).not.toHaveAttribute("aria-invalid"));
    expect(field.organisation()).not.toHaveAttribute("aria-describedby");
  });
});

describe("contact form: live checks (SPEC 5.1)", () => {
  it.each([
    ["name", "Ada", "Please enter the Firstname Lastname"],
    ["organisation", "Acme", "Please enter the Organization"],
    ["message", "Hello", "Please enter the Message"],
  ] as const)("%s emptied: %s", async (name, value, message) => {
    await renderForm();
    await user.type(field[name](), value);
    expect(field[name]()).not.toHaveAttribute("aria-invalid");
    await user.clear(field[name]());
    expect(describedMessage(field[name]())).toBe(message);
  });

  it.each([
    ["name", "Ada 2", "Entered Name is invalid"],
    ["organisation", "<b>Acme", "Entered Organization is invalid"],
    ["email", "ada@engines", "Entered email is invalid"],
    ["email", "ada@yahoo.com", "Please use a professional email address associated with a legitimate organization or domain."],
    ["phone", "12345", "Invalid Contact Number"],
    ["phone", "123456789012345678901", "Invalid Contact Number"],
    ["message", "<a href=x>", "Entered Message is invalid"],
  ] as const)("%s %j as typed: %s", async (name, value, message) => {
    await renderForm();
    await user.type(field[name](), value);
    expect(describedMessage(field[name]())).toBe(message);
  });

  it("accepts any well-formed address in presentation mode", async () => {
    writeStored(storedKeys.presentationService, "true");
    await renderForm();
    await user.type(field.email(), "ada@yahoo.com");
    expect(field.email()).not.toHaveAttribute("aria-invalid");
  });

  it("strips from the phone number what it may not hold, and collapses repeated spaces in the name, as typed", async () => {
    await renderForm();
    await user.type(field.phone(), "+1 (404) 555-0142");
    expect(field.phone()).toHaveValue("+1(404)5550142");
    expect(field.phone()).not.toHaveAttribute("aria-invalid");
    await user.type(field.name(), "Ada   Lovelace");
    expect(field.name()).toHaveValue("Ada Lovelace");
  });

  it("asks for the captcha again when it is unticked", async () => {
    await renderForm();
    await user.click(field.captcha());
    await later(500);
    await user.click(field.captcha());
    await later(500);
    expect(describedMessage(field.captcha())).toBe("Please confirm that you are not a robot");
    await user.click(field.captcha());
    await later(500);
    expect(screen.queryByText("Please confirm that you are not a robot")).toBeNull();
  });
});

describe("contact form: sending (SPEC 4, CONTENT-API 5)", () => {
  it("posts exactly the six fields as multipart form data to the contact call", async () => {
    const { service } = await renderForm();
    await fillValid({ name: "Ada  Lovelace " });
    await user.click(field.submit());
    await vi.waitFor(() => expect(service.calls).toHaveLength(1));
    expect(service.calls[0]).toEqual({
      path: "/api/contactus/create",
      fields: { name: "Ada Lovelace", Organisation: "Analytical Engines Ltd", email: "ada@engines.example", contactNumber: "+14045550142", message: "We need help with claims.", token: "local-test-token" },
    });
  });

  it("shows the preload overlay while sending, then scrolls to the top and fades it out over 1.5 s", async () => {
    let answer: (response: Response) => void = () => undefined;
    const { container, service } = await renderForm(formService(() => new Promise((resolve) => (answer = resolve))));
    await fillValid();
    await user.click(field.submit());
    const overlay = await screen.findByRole("status");
    expect(overlay).toHaveTextContent("Sending your request...");
    // The lead call goes out once the route action's code has loaded (at a first submit, a real import).
    await vi.waitFor(() => expect(service.calls).toHaveLength(1));
    expect(overlay).toHaveTextContent("Sending your request...");
    expect(scrollTo).not.toHaveBeenCalled();
    // From here the clock moves only when the test says: with time also following the wall clock,
    // a busy machine could let the 1.5 s pass between two steps (it did once in CI).
    vi.useFakeTimers();
    act(() => answer(new Response("down", { status: 500 })));
    // The answer reaches the form through the router: awaited in real time, running what is due
    // now (React's scheduled renders) while the fake clock stands still.
    await vi.waitFor(async () => {
      await later(0);
      expect(overlay).toHaveClass("is-fading");
    });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(overlay).toHaveTextContent("");
    await later(1499);
    expect(container.ownerDocument.querySelector(".contact-form__overlay")).not.toBeNull();
    await later(1);
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("goes on to the thank-you page when the form is mounted anew while its request is in flight", async () => {
    let answer: (response: Response) => void = () => undefined;
    const service = formService(() => new Promise((resolve) => (answer = resolve)));
    let remount: () => void = () => undefined;
    function Remountable({ children }: { children: ReactNode }) {
      const [mounts, setMounts] = useState(0);
      remount = () => setMounts((count) => count + 1);
      return <Fragment key={mounts}>{children}</Fragment>;
    }
    const { router } = mountForm(service, {}, (form) => <Remountable>{form}</Remountable>);
    await later(1000);
    await fillValid();
    await user.click(field.submit());
    await vi.waitFor(() => expect(service.calls).toHaveLength(1));
    // Anything may mount the page's blocks anew meanwhile; the router keeps the submission of a keyed form.
    act(() => remount());
    act(() => answer(Response.json({ id: 1 })));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(pathTo("thankYou")));
    expect(service.calls).toHaveLength(1);
  });

  it("keeps every typed value and shows no message when the service does not accept the request", async () => {
    await renderForm(formService(() => Promise.resolve(new Response("error", { status: 500 }))));
    await fillValid();
    await user.click(field.submit());
    await later(1500);
    expect(field.name()).toHaveValue("Ada Lovelace");
    expect(field.organisation()).toHaveValue("Analytical Engines Ltd");
    expect(field.email()).toHaveValue("ada@engines.example");
    expect(field.phone()).toHaveValue("+14045550142");
    expect(field.message()).toHaveValue("We need help with claims.");
    expect(field.captcha()).toBeChecked();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(document.querySelectorAll("[aria-invalid=true]")).toHaveLength(0);
  });

  it("shows the service's own verdict (400) under its field and moves focus there, keeping every typed value", async () => {
    const verdict = "This address is not accepted here";
    await renderForm(formService(() => Promise.resolve(Response.json({ errors: { email: verdict } }, { status: 400 }))));
    await fillValid();
    await user.click(field.submit());
    await vi.waitFor(() => expect(describedMessage(field.email())).toBe(verdict));
    await vi.waitFor(() => expect(field.email()).toHaveFocus());
    expect(field.email()).toHaveAttribute("aria-invalid", "true");
    expect(field.name()).toHaveValue("Ada Lovelace");
    expect(field.email()).toHaveValue("ada@engines.example");
    expect(field.message()).toHaveValue("We need help with claims.");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says to try again in a moment, keeping every typed value, when the service is busy or asks to slow down", async () => {
    for (const status of [503, 429]) {
      const { unmount } = await renderForm(formService(() => Promise.resolve(new Response(JSON.stringify({ error: "busy" }), { status, headers: { "Retry-After": "5" } }))));
      await fillValid();
      await user.click(field.submit());
      expect(await screen.findByRole("alert")).toHaveTextContent("please try again in a moment");
      expect(field.name()).toHaveValue("Ada Lovelace");
      expect(field.email()).toHaveValue("ada@engines.example");
      expect(field.message()).toHaveValue("We need help with claims.");
      expect(field.captcha()).toBeChecked();
      unmount();
    }
  });

  it("says to try again, sending nothing and keeping every typed value, when the page cannot be resolved at submit", async () => {
    let pageFails = false;
    const service = formService(undefined, (content) => (input, init) =>
      pageFails && new URL(requestUrl(input), "http://site.test").pathname.toLowerCase() === "/api/page/get" ? Promise.resolve(new Response("down", { status: 500 })) : content(input, init),
    );
    await renderForm(service);
    await fillValid();
    pageFails = true;
    await user.click(field.submit());
    expect(await screen.findByRole("alert")).toHaveTextContent("please try again in a moment");
    expect(service.calls).toEqual([]);
    expect(field.name()).toHaveValue("Ada Lovelace");
    pageFails = false;
    await user.click(field.submit());
    await vi.waitFor(() => expect(service.calls).toHaveLength(1));
  });

  it("clears the busy message when the visitor sends again and the service takes it", async () => {
    let status = 503;
    const service = formService(() => Promise.resolve(status === 200 ? Response.json({ id: 1 }) : new Response("{}", { status })));
    await renderForm(service);
    await fillValid();
    await user.click(field.submit());
    await screen.findByRole("alert");
    status = 200;
    await user.click(field.submit());
    await vi.waitFor(() => expect(service.calls).toHaveLength(2));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("sends one request however often the visitor submits while it is in flight", async () => {
    let answer: (response: Response) => void = () => undefined;
    const service = formService(() => new Promise((resolve) => (answer = resolve)));
    await renderForm(service);
    await fillValid();
    await user.click(field.submit());
    await screen.findByRole("status");
    expect(field.submit()).toHaveAttribute("aria-disabled", "true");
    await user.click(field.submit());
    await user.type(field.message(), "{Enter}");
    act(() => answer(new Response("error", { status: 500 })));
    await later(0);
    expect(service.calls).toHaveLength(1);
    await user.click(field.submit());
    await vi.waitFor(() => expect(service.calls).toHaveLength(2));
  });

  it("posts to the presentation call when the stored flag says so", async () => {
    writeStored(storedKeys.presentationService, "true");
    const { service } = await renderForm();
    await fillValid({ email: "ada@gmail.com" });
    await user.click(field.submit());
    await vi.waitFor(() => expect(service.calls.map((call) => call.path)).toEqual(["/api/contactus/presentation-page"]));
    expect(within(document.body).queryByText(/professional email/)).toBeNull();
  });
});

describe("contact form: the address and a post without the code (issue 20)", () => {
  it("at an address from presentation services, accepts a gmail address from the start, and stores the flag", async () => {
    const { service } = await renderForm(formService(), { path: "/contact-us?from=presentation-services" });
    expect(field.captcha().closest("form")).toHaveAttribute("action", "/contact-us?from=presentation-services");
    expect(readStored(storedKeys.presentationService)).toBe("true");
    await fillValid({ email: "ada@gmail.com" });
    expect(field.email()).not.toHaveAttribute("aria-invalid");
    await user.click(field.submit());
    await vi.waitFor(() => expect(service.calls.map((call) => call.path)).toEqual(["/api/contactus/presentation-page"]));
  });

  it("shows the server's answer to a post: SPEC 5's messages and everything typed, until the visitor types again", async () => {
    const posted: PostedForm = {
      form: "contact",
      errors: { email: "Please use a professional email address associated with a legitimate organization or domain.", token: "Please confirm that you are not a robot" },
      values: { name: "Ada Lovelace", Organisation: "Analytical Engines Ltd", email: "ada@gmail.com", contactNumber: "+14045550142", message: "Hello" },
    };
    mountForm(formService(), {}, (form) => <PostedFormContext value={posted}>{form}</PostedFormContext>);
    expect(field.name()).toHaveValue("Ada Lovelace");
    expect(field.email()).toHaveValue("ada@gmail.com");
    expect(describedMessage(field.email())).toBe(posted.errors.email);
    expect(screen.getByText("Please confirm that you are not a robot")).toBeInTheDocument();
    await user.clear(field.email());
    await user.type(field.email(), "ada@engines.example");
    expect(field.email()).not.toHaveAttribute("aria-invalid");
  });
});
