/**
 * The route action's code is loaded at the first submit (src/app/routes.tsx). When it does not
 * arrive (a flaky network, a new deployment), nothing typed is lost: the form stays with every
 * value, instead of the page giving way to the retry screen, and the visitor can send again.
 */
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { fillContactPage, fixtureService, renderSite, requestUrl, serviceFetch, testRuntime } from "./harness.tsx";

vi.mock("../src/app/formAction.ts", () => {
  throw new Error("Failed to fetch dynamically imported module: /assets/formAction.js");
});

let leadCalls: string[];
let fetch: typeof globalThis.fetch;

beforeEach(() => {
  const service = serviceFetch(fixtureService());
  leadCalls = [];
  fetch = (input, init) => {
    const path = new URL(requestUrl(input), "http://site.test").pathname;
    if (path.startsWith("/api/contactus/")) leadCalls.push(path);
    return service(input, init);
  };
  vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

it("keeps the contact form and everything typed when the action's code cannot be loaded", async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  const { router } = renderSite("/contact-us", testRuntime({ fetch }));
  const name = await fillContactPage(user);
  const form = name.closest("form");
  await user.click(screen.getByRole("button", { name: "Submit" }));
  await vi.waitFor(() => expect(console.warn).toHaveBeenCalledWith("the form's action could not be loaded:", expect.any(Error)));
  await vi.waitFor(() => expect(form).not.toHaveAttribute("aria-busy", "true"));
  await act(() => vi.advanceTimersByTimeAsync(1500));
  expect(name).toBeInTheDocument();
  expect(name).toHaveValue("Ada Lovelace");
  expect(screen.getByRole("textbox", { name: "Business Email" })).toHaveValue("ada@engines.example");
  expect(screen.getByRole("textbox", { name: "Tell us about your request..." })).toHaveValue("Claims processing help.");
  expect(router.state.location.pathname).toBe("/contact-us");
  expect(leadCalls).toEqual([]);
});
