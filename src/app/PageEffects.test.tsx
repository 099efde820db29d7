import { act, render, screen } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { page, wirePage } from "../../tests/builders.ts";
import { cannedFetch, testRuntime } from "../../tests/harness.tsx";
import { RuntimeProvider } from "../runtime/context.tsx";
import { defaultLayoutSettings } from "../runtime/layoutSettings.ts";
import { siteRoutes } from "./routes.tsx";
import { PageEffects, pinnedBackgroundAttribute } from "./PageEffects.tsx";

// The default layout says `"pinnedBackground": "pageFixedImage"`; these pages all use it.
const pages = {
  "About-Us": wirePage({ id: 1, name: "About-Us", heading: "About us", pageFixedImage: "/media/band.svg" }),
  People: wirePage({ id: 2, name: "People", heading: "Our people", pageFixedImage: null }),
  "/Feedback": wirePage({ id: 3, name: "Feedback", heading: "Feedback", pageFixedImage: "javascript:alert(1)" }),
};

function renderAt(path: string) {
  const runtime = testRuntime({ fetch: cannedFetch({ pages }) });
  const router = createMemoryRouter(siteRoutes(runtime), { initialEntries: [path] });
  render(
    <RuntimeProvider runtime={runtime}>
      <RouterProvider router={router} />
    </RuntimeProvider>,
  );
  return router;
}

const pinned = () => document.documentElement.hasAttribute(pinnedBackgroundAttribute);

describe("the pinned background state (SPEC 4 \"Page change\")", () => {
  it("is marked on every page change, from the page's own image", async () => {
    const router = renderAt("/about-us");
    await screen.findByRole("heading", { level: 1, name: "About us" });
    expect(pinned()).toBe(true);

    await act(() => router.navigate("/People"));
    await screen.findByRole("heading", { level: 1, name: "Our people" });
    expect(pinned()).toBe(false);

    await act(() => router.navigate("/about-us"));
    await screen.findByRole("heading", { level: 1, name: "About us" });
    expect(pinned()).toBe(true);
  });

  it("is not marked for an image address the page could not show", async () => {
    renderAt("/Feedback");
    await screen.findByRole("heading", { level: 1, name: "Feedback" });
    expect(pinned()).toBe(false);
  });

  it("is not marked while the next page loads, nor on a not-found screen", async () => {
    const router = renderAt("/about-us");
    await screen.findByRole("heading", { level: 1, name: "About us" });
    await act(() => router.navigate("/blogs/no-such-post"));
    await screen.findByRole("heading", { level: 1, name: /could not be found/ });
    expect(pinned()).toBe(false);
  });

  it("follows the layout: a layout without a pinned background never marks the page, another field can be the one", () => {
    const withImages = page({ pageFixedImage: "/media/band.svg", pageFixedImage1: null });
    const { unmount } = render(<PageEffects page={withImages} settings={defaultLayoutSettings} />);
    expect(pinned()).toBe(false);
    unmount();
    render(<PageEffects page={withImages} settings={{ ...defaultLayoutSettings, pinnedBackground: "pageFixedImage1" }} />);
    expect(pinned()).toBe(false);
    render(<PageEffects page={page({ pageFixedImage1: "/media/other.svg" })} settings={{ ...defaultLayoutSettings, pinnedBackground: "pageFixedImage1" }} />);
    expect(pinned()).toBe(true);
  });
});
