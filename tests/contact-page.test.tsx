/**
 * The contact page as a visitor reaches it, on the fixture content service: its layout
 * mounts the form and the map, the captions come from the service's text resources, and a
 * valid request is stored and leads to the thank-you page.
 */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captchaVerifier } from "../src/shared/captcha.ts";
import { loadFixtures } from "../fixture-service/fixtures.ts";
import { openLeadStore, type LeadStore } from "../fixture-service/leadStore.ts";
import { createContentService } from "../fixture-service/service.ts";
import { fillContactPage, fixedNow, renderSite, serviceFetch, testRuntime } from "./harness.tsx";

let leads: LeadStore;
let fetch: typeof globalThis.fetch;

beforeEach(() => {
  const fixtures = loadFixtures("fixtures");
  leads = openLeadStore(":memory:");
  fetch = serviceFetch(createContentService({ fixtures: () => fixtures, leads, captcha: captchaVerifier(undefined), now: () => fixedNow }));
  vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  leads.close();
});

describe("the contact page", () => {
  it("takes a valid request to the thank-you page, and the service stores it", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderSite("/contact-us", testRuntime({ fetch }));
    // Captions from the service's text resources.
    await fillContactPage(user);
    await user.click(screen.getByRole("button", { name: "Submit" }));
    vi.useRealTimers();
    expect(await screen.findByRole("heading", { level: 1, name: "We have received your message" }, { timeout: 5000 })).toBeInTheDocument();
    expect(leads.list()).toEqual([
      expect.objectContaining({ kind: "contact", name: "Ada Lovelace", organisation: "Analytical Engines Ltd", email: "ada@engines.example", contactNumber: "+1(404)5550142", message: "Claims processing help." }),
    ]);
  });

  it("shows a pin for each of the page's ten branches, after the form", async () => {
    renderSite("/contact-us", testRuntime({ fetch }));
    const pins = await screen.findByRole("list", { name: "Offices" }, { timeout: 5000 });
    expect(within(pins).getAllByRole("button").map((pin) => pin.textContent)).toEqual([
      "Portland, OR",
      "Phoenix",
      "Chanhassen, MN",
      "Atlanta, GA",
      "New York, NY",
      "Trivandrum",
      "Chennai",
      "Colombo",
      "Manila",
      "Tokyo",
    ]);
    const form = screen.getByRole("button", { name: "Submit" });
    expect(form.compareDocumentPosition(pins) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
