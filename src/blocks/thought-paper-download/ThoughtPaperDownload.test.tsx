import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { page, wireItem, wirePage } from "../../../tests/builders.ts";
import { cannedFetch, leadsTo, renderBlockAt, renderFormAt, requestUrl, testRuntime } from "../../../tests/harness.tsx";
import { expectNoExecutableMarkup } from "../../../tests/xss.ts";
import { downloadMessages } from "./DownloadForm.tsx";
import { block } from "./ThoughtPaperDownload.tsx";

/** Generous waits: the suite shares a busy machine. */
const slow = { timeout: 5000 };

type Answer = { status: number; body: BodyInit | null; type?: string };

/** A content service for the two thought-paper calls, answering as the test says and keeping every body. */
function paperService(answers: { save?: Answer; pdf?: Answer } = {}) {
  const sent: { path: string; body: unknown }[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(requestUrl(input), "http://site.test").pathname;
    sent.push({ path, body: JSON.parse(typeof init?.body === "string" ? init.body : "null") as unknown });
    const answer =
      path === "/api/thoughtPaper/SaveUserInfo"
        ? (answers.save ?? { status: 200, body: JSON.stringify({ id: 7, status: "saved" }) })
        : (answers.pdf ?? { status: 200, body: "%PDF-1.4\n%fixture\n", type: "application/pdf" });
    return Promise.resolve(new Response(answer.body, { status: answer.status, headers: { "Content-Type": answer.type ?? "application/json" } }));
  });
  return { runtime: paperRuntime(fetch), sent };
}

const paperWire = wirePage({
  name: "future-of-work",
  contents: [
    wireItem("ThoughtPapers", { title: "Another paper", anchorlink: "/another-paper", documentPath: "/documents/another.pdf" }),
    wireItem("ThoughtPapers", { title: "The <em>Future</em> of Work", anchorlink: "/future-of-work", documentPath: "/documents/future-of-work.pdf", shortDesc: "<p>What changes next.</p>" }),
  ],
});
const paperPage = page(paperWire);

/** The thought-paper calls to `leads`; the paper's page, which the route action resolves, from the content service. */
function paperRuntime(leads: typeof fetch) {
  return testRuntime({ fetch: leadsTo(leads, cannedFetch({ pages: { "/thoughtPapers/future-of-work": paperWire } })) });
}

/** The block on the paper's page, whose form submits through the page's route action. */
function renderPaper(runtime = paperService().runtime, path = "/thoughtPapers/future-of-work") {
  return renderFormAt(path, block, { items: paperPage.contents, page: paperPage, title: "Download the Full Paper" }, runtime);
}

const saved: string[] = [];
beforeEach(() => {
  saved.length = 0;
  Object.defineProperty(URL, "createObjectURL", { value: vi.fn(() => "blob:paper"), configurable: true });
  Object.defineProperty(URL, "revokeObjectURL", { value: vi.fn(), configurable: true });
  // jsdom cannot save files: a click on the download link is recorded instead.
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(`${this.download} <- ${this.href}`);
  });
});
afterEach(() => vi.useRealTimers());

const field = {
  name: () => screen.getByRole("textbox", { name: "Full Name" }),
  organisation: () => screen.getByRole("textbox", { name: "Organization" }),
  email: () => screen.getByRole("textbox", { name: "Official Email" }),
  phone: () => screen.getByRole("textbox", { name: "Contact Number" }),
  captcha: () => screen.getByRole("checkbox", { name: "I'm not a robot" }),
  submit: () => screen.getByRole("button", { name: "Download" }),
};

async function openForm() {
  await userEvent.click(screen.getByRole("button", { name: "Download Thought Paper" }));
  const dialog = screen.getByRole("dialog", { name: "Download the thought paper" });
  await within(dialog).findByRole("textbox", { name: "Full Name" }, slow);
  return dialog;
}

async function fillValid() {
  await userEvent.type(field.name(), "Ada Lovelace");
  await userEvent.type(field.organisation(), "Analytical Engines");
  await userEvent.type(field.email(), "ada@engines.example");
  await userEvent.type(field.phone(), "+1 (404) 555-0142");
  await userEvent.click(field.captcha());
}

describe("thought-paper-download", () => {
  it("shows the page's own paper with a download button whose value is its documentPath", () => {
    renderPaper();
    expect(screen.getByText("The Future of Work")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Download Thought Paper" })).toHaveAttribute("value", "/documents/future-of-work.pdf");
    expect(screen.queryByText("Another paper")).toBeNull();
  });

  it("marks its button's form as the site's own, so a form slipped into content stays the only kind flagged", () => {
    const { container } = renderPaper();
    expectNoExecutableMarkup(container);
  });

  it("offers no download for a paper without a document", () => {
    const bare = page({ contents: [wireItem("ThoughtPapers", { title: "Draft", documentPath: null })] });
    renderBlockAt("/thoughtPapers/draft", block, { items: bare.contents, page: bare }, paperService().runtime);
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByText("The PDF of this paper is not available yet.")).toBeInTheDocument();
  });

  it("opens the form in a modal dialog; Escape closes it and focus returns to the button", async () => {
    renderPaper();
    const button = screen.getByRole("button", { name: "Download Thought Paper" });
    const dialog = await openForm();
    expect(dialog).toHaveTextContent("The Future of Work");
    expect(within(dialog).getByRole("button", { name: "Close" })).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(button).toHaveFocus();
  });

  it("keeps what was typed when the dialog is closed, however, and opened again", async () => {
    renderPaper();
    await openForm();
    await userEvent.type(field.name(), "Ada Lovelace");
    await userEvent.type(field.email(), "ada@engines.example");
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    await openForm();
    expect(field.name()).toHaveValue("Ada Lovelace");
    expect(field.email()).toHaveValue("ada@engines.example");
    await userEvent.click(screen.getByRole("button", { name: "Close" }));
    await openForm();
    expect(field.name()).toHaveValue("Ada Lovelace");
  });

  it("shows every SPEC 5.2 message for empty fields and sends nothing", async () => {
    const { runtime, sent } = paperService();
    renderPaper(runtime);
    await openForm();
    await userEvent.click(field.submit());
    for (const message of ["Please enter the Firstname Lastname", "Please enter the Organization", "Please enter the Official email ID", "Please enter the Contact number", "Please ensure you are not a robo"]) {
      expect(await screen.findByText(message, {}, slow)).toBeInTheDocument();
    }
    expect(field.name()).toHaveFocus();
    expect(field.name()).toHaveAccessibleDescription("Please enter the Firstname Lastname");
    expect(sent).toEqual([]);
  });

  it("shows every SPEC 5.2 message for invalid values", async () => {
    renderPaper();
    await openForm();
    const cases: [() => HTMLElement, string, string][] = [
      [field.name, "R2-D2", "Entered Name is invalid"],
      [field.name, "A".repeat(51), "Name must be at most 50 characters"],
      [field.organisation, "<b>Engines</b>", "Entered Organization is invalid"],
      [field.organisation, "E".repeat(51), "Organization must be at most 50 characters"],
      [field.email, "ada@engines", "Entered Email is invalid"],
      [field.email, "ada lovelace@engines.example", "Entered Email is invalid"],
      [field.email, "ada@gmail.com", "Kindly enter your Official Email Id"],
      [field.email, `${"a".repeat(40)}@engines.example`, "Email must be at most 50 characters"],
      [field.phone, "12345", "Invalid Contact Number"],
      [field.phone, "1".repeat(21), "Invalid Contact Number"],
    ];
    for (const [input, value, message] of cases) {
      await userEvent.clear(input());
      await userEvent.type(input(), value);
      expect(input(), value).toHaveAccessibleDescription(message);
    }
  });

  it("saves the lead with the paper's name, saves the PDF under that name and goes to the thank-you page", async () => {
    const { runtime, sent } = paperService();
    const { router } = renderPaper(runtime);
    await openForm();
    await fillValid();
    await userEvent.click(field.submit());
    await waitFor(() => expect(router.state.location.pathname).toBe("/ThoughtPapers-Thankyou"), slow);
    expect(sent).toEqual([
      {
        path: "/api/thoughtPaper/SaveUserInfo",
        body: { name: "Ada Lovelace", Organisation: "Analytical Engines", email: "ada@engines.example", contactNumber: "+1(404)5550142", token: "local-test-token", thoughtPaperName: "The Future of Work" },
      },
      { path: "/api/thoughtPaper/downloadThoughtPaperPdf", body: { DocumentURL: "/documents/future-of-work.pdf" } },
    ]);
    expect(saved).toEqual(["The Future of Work.pdf <- blob:paper"]);
    // The bytes saved are the service's, as a PDF.
    const [blob] = vi.mocked(URL.createObjectURL).mock.calls[0] ?? [];
    expect(blob).toMatchObject({ type: "application/pdf", size: "%PDF-1.4\n%fixture\n".length });
  });

  it("stops when SaveUserInfo answers null: nothing is downloaded, the dialog stays with what was typed", async () => {
    const { runtime, sent } = paperService({ save: { status: 200, body: "null" } });
    const { router } = renderPaper(runtime);
    await openForm();
    await fillValid();
    await userEvent.click(field.submit());
    expect(await screen.findByRole("alert", {}, slow)).toHaveTextContent(downloadMessages.declined);
    expect(sent.map((call) => call.path)).toEqual(["/api/thoughtPaper/SaveUserInfo"]);
    expect(saved).toEqual([]);
    expect(router.state.location.pathname).toBe("/thoughtPapers/future-of-work");
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(field.name()).toHaveValue("Ada Lovelace");
    expect(field.email()).toHaveValue("ada@engines.example");
  });

  it("keeps the dialog open with every typed value and a visible error when a call fails", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    for (const [answers, message] of [
      [{ save: { status: 500, body: "oops" } }, downloadMessages.failed],
      [{ save: { status: 503, body: "{}" } }, "please try again in a moment"],
      [{ save: { status: 429, body: "{}" } }, "please try again in a moment"],
      [{ save: { status: 400, body: JSON.stringify({ errors: { token: "Please ensure you are not a robo" } }) } }, `${downloadMessages.invalid} Please ensure you are not a robo`],
    ] as const) {
      const { runtime } = paperService(answers);
      const { router, unmount } = renderPaper(runtime);
      await openForm();
      await fillValid();
      await userEvent.click(field.submit());
      expect(await screen.findByRole("alert", {}, slow)).toHaveTextContent(message);
      expect(router.state.location.pathname).toBe("/thoughtPapers/future-of-work");
      expect(field.name()).toHaveValue("Ada Lovelace");
      expect(field.organisation()).toHaveValue("Analytical Engines");
      expect(field.phone()).toHaveValue("+1(404)5550142");
      expect(field.captcha()).toBeChecked();
      expect(saved).toEqual([]);
      unmount();
    }
  });

  it("says the details are saved when the PDF cannot be fetched, and tries only the download again, never a second lead", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    let pdfAnswers = 0;
    const sent: string[] = [];
    const fetch = vi.fn((input: RequestInfo | URL) => {
      const path = new URL(requestUrl(input), "http://site.test").pathname;
      sent.push(path);
      // The site kept the lead (its content service is down): the PDF fails twice, then comes.
      if (path.endsWith("SaveUserInfo")) return Promise.resolve(new Response(JSON.stringify({ id: "3f1c", status: "queued" }), { status: 200 }));
      pdfAnswers += 1;
      return Promise.resolve(pdfAnswers <= 2 ? new Response(JSON.stringify({ error: "the content service could not be reached" }), { status: 502 }) : new Response("%PDF-1.4\n", { status: 200, headers: { "Content-Type": "application/pdf" } }));
    });
    const { router } = renderPaper(paperRuntime(fetch));
    await openForm();
    await fillValid();
    await userEvent.click(field.submit());
    expect(await screen.findByRole("alert", {}, slow)).toHaveTextContent(downloadMessages.saved);
    expect(screen.queryByRole("button", { name: "Download" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Try the download again" }));
    expect(await screen.findByRole("alert", {}, slow)).toHaveTextContent(downloadMessages.saved);
    // Enter in a field does the same as the button.
    await userEvent.type(field.name(), "{Enter}");
    await waitFor(() => expect(router.state.location.pathname).toBe("/ThoughtPapers-Thankyou"), slow);
    expect(sent).toEqual(["/api/thoughtPaper/SaveUserInfo", ...Array<string>(3).fill("/api/thoughtPaper/downloadThoughtPaperPdf")]);
    expect(saved).toEqual(["The Future of Work.pdf <- blob:paper"]);
  });

  it("sends once however often the visitor submits while saving", async () => {
    let release: (response: Response) => void = () => undefined;
    const fetch = vi.fn((input: RequestInfo | URL) =>
      requestUrl(input).endsWith("SaveUserInfo") ? new Promise<Response>((resolve) => (release = resolve)) : Promise.resolve(new Response("%PDF", { status: 200 })),
    );
    renderPaper(paperRuntime(fetch));
    await openForm();
    await fillValid();
    await userEvent.click(field.submit());
    expect(await screen.findByText("Preparing your download...", {}, slow)).toBeInTheDocument();
    await userEvent.click(field.submit());
    release(new Response("null", { status: 200 }));
    await screen.findByRole("alert", {}, slow);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
