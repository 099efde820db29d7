/**
 * A page has one address in the browser too (issue 45): a link followed inside the site to
 * another spelling of a page lands on the page's own address, and the links the site writes from
 * content (menus, cards, content HTML) are that address already.
 */
import { render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { RuntimeProvider } from "../src/runtime/context.tsx";
import { SmartLink } from "../src/ui/SmartLink.tsx";
import { sanitizeHtml } from "../src/ui/sanitize.ts";
import { fixtureService, renderSite, serviceFetch, testRuntime } from "./harness.tsx";

describe("in the browser", () => {
  it("an in-site navigation to another spelling of a page replaces the address with the page's own", async () => {
    const { router } = renderSite("/about-us", testRuntime({ fetch: serviceFetch(fixtureService()) }));
    await screen.findByRole("heading", { level: 1 });
    await router.navigate("/CONTACT-US//?from=presentation-services");
    await waitFor(() => expect(router.state.location.pathname).toBe("/contact-us"));
    expect(router.state.location.search).toBe("?from=presentation-services");
    // The spelling asked for never became an entry of its own: back is the page before.
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.pathname).toBe("/about-us"));
  });

  it("writes a site link from content as the page's one address, query and fragment kept", () => {
    const router = createMemoryRouter([{ path: "*", element: <SmartLink href="/HOME/?utm_source=menu#top">Home</SmartLink> }]);
    render(<RuntimeProvider runtime={testRuntime({ fetch: serviceFetch(fixtureService()) })}><RouterProvider router={router} /></RuntimeProvider>);
    expect(screen.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/Home?utm_source=menu#top");
    const div = document.createElement("div");
    div.innerHTML = sanitizeHtml('<a href="/Global-Brand-Solutions//Branding-Creative/">b</a><a href="/blogs/Some-Post/">p</a><a href="https://example.com/HOME/">x</a>');
    expect([...div.querySelectorAll("a")].map((a) => a.getAttribute("href"))).toEqual(["/global-brand-solutions/branding-creative", "/blogs/Some-Post", "https://example.com/HOME/"]);
  });
});
