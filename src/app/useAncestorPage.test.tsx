import { act, render, screen, waitFor } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { wirePage } from "../../tests/builders.ts";
import { cannedFetch, renderSite, testRuntime } from "../../tests/harness.tsx";
import { useAncestorPage } from "./PageEffects.tsx";

/** Generous waits: the suite shares a busy machine. */
const slow = { timeout: 5000 };

const ancestor = () => window.localStorage.getItem("ancestorPage");

function Probe({ remember }: { remember: boolean }) {
  useAncestorPage(remember);
  return null;
}

describe("the ancestor page (SPEC 3)", () => {
  it("is stored on every page change, with its query and hash", async () => {
    const router = createMemoryRouter([{ path: "*", element: <Probe remember /> }], { initialEntries: ["/Home"] });
    render(<RouterProvider router={router} />);
    expect(ancestor()).toBe("/Home");
    await act(() => router.navigate("/blogs?search=data#results"));
    expect(ancestor()).toBe("/blogs?search=data#results");
  });

  it("is left alone by a page that is not an ancestor", () => {
    window.localStorage.setItem("ancestorPage", "/Resources");
    render(<RouterProvider router={createMemoryRouter([{ path: "*", element: <Probe remember={false} /> }], { initialEntries: ["/blogs/x"] })} />);
    expect(ancestor()).toBe("/Resources");
  });

  const pages = {
    "/blogs/future-of-work": wirePage({ id: 3, heading: "A blog" }),
    "/casestudies/claims": wirePage({ id: 4, heading: "A case study" }),
    "/thoughtPapers/future-of-work": wirePage({ id: 5, heading: "A thought paper" }),
    "/Feedback": wirePage({ id: 6, heading: "Feedback" }),
  };

  it.each(["/blogs/future-of-work", "/casestudies/claims"])("is not %s: blog and case-study pages are not ancestors (registry/routes.json)", async (path) => {
    window.localStorage.setItem("ancestorPage", "/Resources?tab=2");
    renderSite(path, testRuntime({ fetch: cannedFetch({ pages }) }));
    await screen.findByRole("heading", { level: 1 }, slow);
    expect(ancestor()).toBe("/Resources?tab=2");
  });

  it.each(["/thoughtPapers/future-of-work", "/Feedback?from=mail"])("is %s: any other page is one", async (path) => {
    renderSite(path, testRuntime({ fetch: cannedFetch({ pages }) }));
    await screen.findByRole("heading", { level: 1 }, slow);
    // Stored by an effect after the page is shown: on a busy machine a moment after the heading.
    await waitFor(() => expect(ancestor()).toBe(path), slow);
  });
});
