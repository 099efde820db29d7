/**
 * One submit path (issue 20): with the code, the contact form and the thought-paper form submit
 * through the router to their page's route action, the same action the server runs for a form
 * posted without the code. The action's `handleFormPost` (src/forms/formPost.ts) judges the
 * lead and hands it on, once; no form calls the content service's lead calls itself.
 */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { handleFormPost } from "../src/forms/formPost.ts";
import { captchaVerifier } from "../src/shared/captcha.ts";
import { loadFixtures } from "../fixture-service/fixtures.ts";
import { openLeadStore, type LeadStore } from "../fixture-service/leadStore.ts";
import { createContentService } from "../fixture-service/service.ts";
import { fillContactPage, fixedNow, renderSite, requestUrl, serviceFetch, testRuntime } from "./harness.tsx";
import { repoFiles } from "./repoFiles.ts";

vi.mock("../src/forms/formPost.ts", async (original) => {
  const module = await original<typeof import("../src/forms/formPost.ts")>();
  return { ...module, handleFormPost: vi.fn(module.handleFormPost) };
});

const judged = vi.mocked(handleFormPost);
let leads: LeadStore;
/** The lead calls (and PDF downloads) that reached the service, in order. */
let leadCalls: string[];
let fetch: typeof globalThis.fetch;

beforeEach(() => {
  const fixtures = loadFixtures("fixtures");
  leads = openLeadStore(":memory:");
  const service = serviceFetch(createContentService({ fixtures: () => fixtures, leads, captcha: captchaVerifier(undefined), now: () => fixedNow }));
  leadCalls = [];
  fetch = (input, init) => {
    const path = new URL(requestUrl(input), "http://site.test").pathname;
    if (/^\/api\/(contactus|thoughtPaper)\//.test(path)) leadCalls.push(path);
    return service(input, init);
  };
  judged.mockClear();
  vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
  Object.defineProperty(URL, "createObjectURL", { value: vi.fn(() => "blob:paper"), configurable: true });
  Object.defineProperty(URL, "revokeObjectURL", { value: vi.fn(), configurable: true });
  // jsdom cannot save files.
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  leads.close();
});

/** What the action was given: the form's kind and the fields posted, as FormData. */
function posted(call: number) {
  const [kind, data] = judged.mock.calls[call] ?? [];
  return { kind, fields: data ? Object.fromEntries([...data.entries()].map(([name, value]) => [name, typeof value === "string" ? value : value.name])) : {} };
}

describe("with the code, a form submits through its page's route action", () => {
  it("the contact form: handleFormPost judges the post once, hands the lead on once, and the router goes to the thank-you page", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const { router } = renderSite("/contact-us", testRuntime({ fetch }));
    await fillContactPage(user);
    await user.click(screen.getByRole("button", { name: "Submit" }));
    vi.useRealTimers();
    expect(await screen.findByRole("heading", { level: 1, name: "We have received your message" }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/Thankyou");
    expect(judged).toHaveBeenCalledTimes(1);
    expect(posted(0)).toEqual({
      kind: "contact",
      fields: { form: "contact", name: "Ada Lovelace", Organisation: "Analytical Engines Ltd", email: "ada@engines.example", contactNumber: "+1(404)5550142", message: "Claims processing help.", token: "local-test-token" },
    });
    expect(leadCalls).toEqual(["/api/contactus/create"]);
    expect(leads.list()).toMatchObject([{ kind: "contact", name: "Ada Lovelace" }]);
  });

  it("the thought-paper form: the action saves the lead with the page's own paper, then the PDF is fetched and the router goes on", async () => {
    const [paper] = JSON.parse(readFileSync("fixtures/content/thoughtpapers.json", "utf8")) as { anchorlink: string; title: string; documentPath: string }[];
    if (!paper) throw new Error("no thought paper in the fixtures");
    const { router } = renderSite(`/thoughtPapers${paper.anchorlink}`, testRuntime({ fetch }));
    await userEvent.click(await screen.findByRole("button", { name: "Download Thought Paper" }, { timeout: 5000 }));
    const dialog = screen.getByRole("dialog", { name: "Download the thought paper" });
    await userEvent.type(await within(dialog).findByRole("textbox", { name: "Full Name" }, { timeout: 5000 }), "Ada Lovelace");
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Organization" }), "Analytical Engines");
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Official Email" }), "ada@engines.example");
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Contact Number" }), "+14045550142");
    await userEvent.click(within(dialog).getByRole("checkbox", { name: "I'm not a robot" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Download" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/ThoughtPapers-Thankyou"), { timeout: 5000 });
    expect(judged).toHaveBeenCalledTimes(1);
    expect(posted(0)).toEqual({
      kind: "thoughtPaper",
      fields: { form: "thoughtPaper", name: "Ada Lovelace", Organisation: "Analytical Engines", email: "ada@engines.example", contactNumber: "+14045550142", token: "local-test-token" },
    });
    expect(leadCalls).toEqual(["/api/thoughtPaper/SaveUserInfo", "/api/thoughtPaper/downloadThoughtPaperPdf"]);
    expect(leads.list()).toMatchObject([{ kind: "thought-paper", name: "Ada Lovelace", thoughtPaperName: paper.title }]);
  });

  it("hands a lead on from the route action only: no other module calls the lead calls", () => {
    const callers = repoFiles("src", (path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path))
      .filter((path) => /\.(submitContact|saveThoughtPaperLead)\(/.test(readFileSync(path, "utf8")));
    expect(callers).toEqual(["src/app/formAction.ts"]);
  });
});
