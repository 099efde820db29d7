import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { wirePage } from "../../tests/builders.ts";
import { cannedFetch, renderSite, requestUrl, testRuntime } from "../../tests/harness.tsx";

afterEach(() => vi.useRealTimers());

const pages = {
  index: wirePage({ id: 1, name: "index", title: "Home | Corvane", heading: "Business services that scale", metaDescription: "Home description", metaKeywords: "operations, creative" }),
  People: wirePage({ id: 2, name: "People", title: "People | Corvane", heading: "Our people" }),
  "/blogs/future-of-work": wirePage({ id: 3, name: "future-of-work", title: "The <em>future</em> of work", heading: "The future of work" }),
  "/Feedback": wirePage({ id: 4, name: "Feedback", heading: "Tell us how we did" }),
};

describe("the site", () => {
  it("shows the loading screen until the content has arrived and the minimum time has passed", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderSite("/Home", testRuntime({ fetch: cannedFetch({ pages }), loadingDelayMs: 3000 }));
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");
    await act(() => vi.advanceTimersByTimeAsync(200));
    vi.useRealTimers();
    expect(await screen.findByRole("heading", { level: 1, name: "Business services that scale" })).toBeInTheDocument();
    expect(screen.queryByText("Loading...")).toBeNull();
  });

  it("redirects / to /Home", async () => {
    renderSite("/", testRuntime({ fetch: cannedFetch({ pages }) }));
    expect(await screen.findByRole("heading", { level: 1, name: "Business services that scale" })).toBeInTheDocument();
  });

  it("matches routes ignoring case", async () => {
    renderSite("/people", testRuntime({ fetch: cannedFetch({ pages }) }));
    expect(await screen.findByRole("heading", { level: 1, name: "Our people" })).toBeInTheDocument();
  });

  it("loads any other path as a page by its path (the catch-all)", async () => {
    renderSite("/Feedback", testRuntime({ fetch: cannedFetch({ pages }) }));
    expect(await screen.findByRole("heading", { level: 1, name: "Tell us how we did" })).toBeInTheDocument();
  });

  it("sends an unknown path whose page has id 0 to / (and so to /Home)", async () => {
    renderSite("/no/such/page", testRuntime({ fetch: cannedFetch({ pages }) }));
    expect(await screen.findByRole("heading", { level: 1, name: "Business services that scale" })).toBeInTheDocument();
  });

  it("shows the not-found screen for a detail page whose page has id 0", async () => {
    renderSite("/blogs/missing-post", testRuntime({ fetch: cannedFetch({ pages }) }));
    expect(await screen.findByRole("heading", { level: 1, name: /This page could not be found/ })).toBeInTheDocument();
    expect(screen.getByText("404")).toBeInTheDocument();
  });

  it("asks for detail pages by the visited path", async () => {
    renderSite("/blogs/future-of-work", testRuntime({ fetch: cannedFetch({ pages }) }));
    expect(await screen.findByRole("heading", { level: 1, name: "The future of work" })).toBeInTheDocument();
  });

  it("takes the head's title, description and keywords from the page, markup stripped", async () => {
    renderSite("/Home", testRuntime({ fetch: cannedFetch({ pages }) }));
    await screen.findByRole("heading", { level: 1 });
    expect(document.title).toBe("Home | Corvane");
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute("content", "Home description");
    expect(document.querySelector('meta[name="keywords"]')).toHaveAttribute("content", "operations, creative");
    expect(document.querySelector('link[rel="canonical"]')).toHaveAttribute("href", "http://site.test/Home");
  });

  it("strips markup from a blog title for the page title", async () => {
    renderSite("/blogs/future-of-work", testRuntime({ fetch: cannedFetch({ pages }) }));
    await screen.findByRole("heading", { level: 1 });
    expect(document.title).toBe("The future of work");
  });

  it("gives way to an error with Try again when the content service fails, and recovers", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    let failing = true;
    const fetch = cannedFetch({ pages });
    const flaky: typeof globalThis.fetch = (input, init) => (failing ? Promise.reject(new TypeError("offline")) : fetch(input, init));
    renderSite("/Home", testRuntime({ fetch: flaky }));
    expect(await screen.findByRole("heading", { name: "This page could not be loaded" })).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Business services that scale" })).toBeInTheDocument();
  });

  it("gives way to the error after the request time-out when the service never answers", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const never: typeof globalThis.fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))));
    renderSite("/Home", testRuntime({ fetch: never, timeoutMs: 100 }));
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");
    expect(await screen.findByRole("heading", { name: "This page could not be loaded" })).toBeInTheDocument();
  });

  it("still renders the page when resources cannot be loaded (defaults apply)", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const fetch = cannedFetch({ pages });
    const noResources: typeof globalThis.fetch = (input, init) =>
      requestUrl(input).endsWith("/api/resource/list") ? Promise.resolve(new Response("oops", { status: 500 })) : fetch(input, init);
    renderSite("/Home", testRuntime({ fetch: noResources }));
    expect(await screen.findByRole("heading", { level: 1, name: "Business services that scale" })).toBeInTheDocument();
  });
});
