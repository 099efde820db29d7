import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { wireMenus, wirePage } from "../../tests/builders.ts";
import { cannedFetch, renderSite, requestUrl, testRuntime } from "../../tests/harness.tsx";
import { readStored, storedKeys } from "../ui/storedValues.ts";
import { routeFor } from "../runtime/routeTable.ts";
import { isPresentationRoute } from "./contactLinks.ts";
import { navActions } from "./navStore.ts";

const pages = {
  "About-Us": wirePage({ id: 2, name: "About-Us", heading: "About page", contactUs: null }),
  "Contact-Us": wirePage({ id: 3, name: "Contact-Us", heading: "Contact page", contactUs: false }),
  "GBS-CreativeProduction-PresentationServices": wirePage({ id: 4, heading: "Presentation page", contactUs: true }),
  "/Feedback": wirePage({
    id: 5,
    name: "Feedback",
    heading: "Feedback page",
    longDesc: '<div class="contact-wrapper"><p>Questions? <strong>Talk to our team</strong> or <a href="/about-us">meet us</a></p></div><p>Other text</p>',
  }),
};

// With menus, so the footer shows: it comes in one chunk with the shortcut and renders with it.
const siteFetch = cannedFetch({ pages, menus: wireMenus("X-") });

function openSite(path: string) {
  renderSite(path, testRuntime({ fetch: siteFetch }));
  return screen.findByRole("heading", { level: 1 });
}

// The shortcut's code loads once the page has shown.
const shortcut = () => screen.findByRole("link", { name: "Contact us" });
async function expectNoShortcut() {
  // Once the footer shows, so would the shortcut.
  await screen.findByRole("contentinfo");
  expect(screen.queryByRole("link", { name: "Contact us" })).toBeNull();
}

describe("contact shortcut", () => {
  it("steps out of the way while the mobile menu is open, and comes back when it closes", async () => {
    await openSite("/about-us");
    expect(await shortcut()).toBeInTheDocument();
    act(() => navActions.showMobile(true, { closeDropdowns: true }));
    expect(screen.queryByRole("link", { name: "Contact us" })).toBeNull();
    act(() => navActions.showMobile(false, { closeDropdowns: true }));
    expect(screen.getByRole("link", { name: "Contact us" })).toBeInTheDocument();
  });

  it("shows on a page whose data does not say contactUs: false, and not while the page loads", async () => {
    let answerPage: (() => void) | undefined;
    const held = renderSite(
      "/about-us",
      testRuntime({ fetch: (input, init) => (requestUrl(input).endsWith("/api/page/get") ? new Promise((resolve) => (answerPage = () => resolve(siteFetch(input, init)))) : siteFetch(input, init)) }),
    );
    // A twin whose page answers at once, started later: when its shortcut shows, this one's would have too.
    const twin = renderSite("/about-us", testRuntime({ fetch: siteFetch }));
    expect(await within(twin.container).findByRole("link", { name: "Contact us" })).toBeInTheDocument();
    expect(within(held.container).getByRole("status")).toHaveTextContent("Loading...");
    expect(within(held.container).queryByRole("link", { name: "Contact us" })).toBeNull();
    twin.unmount();
    act(() => answerPage?.());
    await screen.findByRole("heading", { level: 1, name: "About page" });
    expect(await shortcut()).toHaveAttribute("href", "/contact-us");
  });

  it.each([["a page with contactUs: false", "/contact-us"], ["the not-found screen", "/blogs/no-such-post"]])("is not on %s", async (_case, path) => {
    await openSite(path);
    await expectNoShortcut();
  });

  it("goes to the contact page, storing that the visitor did not come from presentation services", async () => {
    await openSite("/about-us");
    await userEvent.click(await shortcut());
    expect(await screen.findByRole("heading", { level: 1, name: "Contact page" })).toBeInTheDocument();
    expect(readStored(storedKeys.presentationService)).toBe("false");
  });

  it("stores 'true' from the presentation services page, whatever the case of its address, and says so in the contact page's address (for a tap before the code runs)", async () => {
    await openSite("/GLOBAL-brand-solutions/creative-production/Presentation-Services");
    expect(await shortcut()).toHaveAttribute("href", "/contact-us?from=presentation-services");
    await userEvent.click(await shortcut());
    expect(await screen.findByRole("heading", { level: 1, name: "Contact page" })).toBeInTheDocument();
    expect(readStored(storedKeys.presentationService)).toBe("true");
  });

  it("makes a click anywhere in a contact wrapper of the content go to the contact page", async () => {
    await openSite("/Feedback");
    await userEvent.click(screen.getByText("Other text"));
    expect(screen.getByRole("heading", { level: 1, name: "Feedback page" })).toBeInTheDocument();
    await userEvent.click(screen.getByText("Talk to our team"));
    expect(await screen.findByRole("heading", { level: 1, name: "Contact page" })).toBeInTheDocument();
    expect(readStored(storedKeys.presentationService)).toBe("false");
  });

  it("wins over a link inside the wrapper", async () => {
    await openSite("/Feedback");
    await userEvent.click(screen.getByRole("link", { name: "meet us" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Contact page" })).toBeInTheDocument();
  });

  it("stores the flag for the site's ordinary links to the contact page too, so the form never reads an old value", async () => {
    localStorage.setItem(storedKeys.presentationService, "true");
    renderSite("/about-us", testRuntime({ fetch: siteFetch }));
    await screen.findByRole("heading", { level: 1, name: "About page" });
    await userEvent.click(within(screen.getByRole("navigation", { name: "Main" })).getByRole("link", { name: "Contact Us" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Contact page" })).toBeInTheDocument();
    expect(readStored(storedKeys.presentationService)).toBe("false");
  });

  it("leaves a modified click (new tab) to the browser, with the flag already stored", async () => {
    await openSite("/about-us");
    const link = await shortcut();
    const click = new MouseEvent("click", { bubbles: true, cancelable: true, ctrlKey: true });
    fireEvent(link, click);
    expect(click.defaultPrevented).toBe(false);
    expect(readStored(storedKeys.presentationService)).toBe("false");
    expect(screen.getByRole("heading", { level: 1, name: "About page" })).toBeInTheDocument();
  });
});

const isPresentationServicePath = (path: string) => isPresentationRoute(routeFor(path).handle);

describe("the presentation-services routes", () => {
  it("is true only for the routes marked presentationService in registry/routes.json", () => {
    expect(isPresentationServicePath("/global-brand-solutions/creative-production/presentation-services")).toBe(true);
    expect(isPresentationServicePath("/global-brand-solutions/creative-production/presentation-services/")).toBe(true);
    expect(isPresentationServicePath("/global-brand-solutions/creative-production")).toBe(false);
    expect(isPresentationServicePath("/global-brand-solutions/creative-production/presentation-services/more")).toBe(false);
    expect(isPresentationServicePath("/about-us")).toBe(false);
  });
});
