import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { menuItem, wireMenus, wirePage } from "../../tests/builders.ts";
import { cannedFetch, renderSite, requestUrl, testRuntime } from "../../tests/harness.tsx";
import { useConsentChoice } from "./consent/consentChoice.ts";
import { consentCookieName } from "./consent/consentCookie.ts";

const pages = {
  index: wirePage({ id: 1, name: "index", heading: "Home page" }),
  "About-Us": wirePage({ id: 2, name: "About-Us", heading: "About page" }),
  "GBS-Branding-Creative": wirePage({ id: 3, name: "GBS-Branding-Creative", heading: "Branding page" }),
  "GBS-CreativeProduction-PresentationServices": wirePage({ id: 4, name: "GBS-CreativeProduction-PresentationServices", heading: "Presentation page" }),
};

/** The site at `path` with menus under a prefix the fixtures do not use, once the page shows. */
async function openSite(path = "/about-us", menus: unknown = wireMenus("Northwind.")) {
  renderSite(path, testRuntime({ fetch: cannedFetch({ pages, menus }) }));
  await screen.findByRole("heading", { level: 1 });
}

/** The site header (the page's hero is a <header> too, which jsdom also counts as a banner). */
const banner = () => {
  const header = document.querySelector<HTMLElement>("header.site-header");
  if (!header) throw new Error("no site header");
  return header;
};
const secondary = () => within(banner()).getByRole("navigation", { name: "Secondary" });
/**
 * The disclosure buttons are <summary> elements (they work before the code arrives), which
 * browsers expose as buttons with their expanded state; testing-library gives them no role.
 */
const summaries = (container: HTMLElement) => [...container.querySelectorAll("summary")];
const summaryNamed = (container: HTMLElement, name: string) => {
  const found = summaries(container).filter((summary) => summary.textContent.trim() === name);
  if (found.length !== 1) throw new Error(`${found.length} disclosure buttons named ${name}`);
  return found[0] as HTMLElement;
};
const dropdownButton = (name: string) => summaryNamed(secondary(), name);
const menuButton = () => summaryNamed(banner(), "Menu");
const panelOf = (button: HTMLElement) => {
  const panel = document.getElementById(button.getAttribute("aria-controls") ?? "");
  if (!panel) throw new Error(`no panel for ${button.textContent}`);
  return panel;
};

describe("header", () => {
  it("starts with the skip link, which moves focus to the main content (a visitor who has made a cookie choice)", async () => {
    document.cookie = `${consentCookieName}=${encodeURIComponent(JSON.stringify({ categories: ["necessary"] }))}; path=/`;
    useConsentChoice.setState({ asking: false });
    await openSite();
    document.cookie = `${consentCookieName}=; path=/; max-age=0`;
    await userEvent.tab();
    const skip = screen.getByRole("link", { name: "Skip to content" });
    expect(skip).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    expect(screen.getByRole("main")).toHaveFocus();
  });

  it("shows the logo linking home, the main navigation and the dropdown navigation, found by slot whatever the prefix", async () => {
    await openSite();
    expect(within(banner()).getByRole("link", { name: "Corvane Global Services home" })).toHaveAttribute("href", "/Home");
    const main = within(banner()).getByRole("navigation", { name: "Main" });
    expect(within(main).getAllByRole("link").map((link) => link.textContent)).toEqual(["About Us", "People", "Experience Center", "Contact Us"]);
    expect(summaries(secondary()).map((button) => button.textContent)).toEqual(["Brand & Creative", "Smart Work", "Insights"]);
  });

  it("follows the disclosure pattern: buttons control hidden panels holding sub-items and sub-sub-items", async () => {
    await openSite();
    const brand = dropdownButton("Brand & Creative");
    expect(brand).toHaveAttribute("aria-expanded", "false");
    expect(panelOf(brand)).not.toBeVisible();
    await userEvent.click(brand);
    expect(brand).toHaveAttribute("aria-expanded", "true");
    const panel = within(panelOf(brand));
    expect(panel.getByRole("link", { name: "Brand & Creative" })).toHaveAttribute("href", "/global-brand-solutions");
    expect(panel.getByRole("link", { name: "Creative Production" })).toBeVisible();
    expect(panel.getByRole("link", { name: "Presentation Services" })).toHaveAttribute("href", "/global-brand-solutions/creative-production/presentation-services");
  });

  it("opens one dropdown at a time; clicking the open one closes it", async () => {
    await openSite();
    const brand = dropdownButton("Brand & Creative");
    const insights = dropdownButton("Insights");
    await userEvent.click(brand);
    await userEvent.click(insights);
    expect(brand).toHaveAttribute("aria-expanded", "false");
    expect(panelOf(brand)).not.toBeVisible();
    expect(insights).toHaveAttribute("aria-expanded", "true");
    await userEvent.click(insights);
    expect(insights).toHaveAttribute("aria-expanded", "false");
    expect(panelOf(insights)).not.toBeVisible();
  });

  it("closes on a click outside the header, not on one inside it", async () => {
    await openSite();
    const brand = dropdownButton("Brand & Creative");
    await userEvent.click(brand);
    await userEvent.click(within(banner()).getByRole("navigation", { name: "Main" }));
    expect(brand).toHaveAttribute("aria-expanded", "true");
    await userEvent.click(screen.getByRole("heading", { level: 1 }));
    expect(brand).toHaveAttribute("aria-expanded", "false");
  });

  it("closes on Escape and gives focus back to its button", async () => {
    await openSite();
    const smart = dropdownButton("Smart Work");
    await userEvent.click(smart);
    await userEvent.tab();
    expect(within(panelOf(smart)).getByRole("link", { name: "Smart Work" })).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    expect(smart).toHaveAttribute("aria-expanded", "false");
    expect(smart).toHaveFocus();
  });

  it("closes when focus leaves it", async () => {
    await openSite();
    const insights = dropdownButton("Insights");
    await userEvent.click(insights);
    // Tab through the panel's three links: still open; one more Tab leaves it.
    for (const name of ["Blogs", "Case Studies", "Thought Papers"]) {
      await userEvent.tab();
      expect(within(panelOf(insights)).getByRole("link", { name })).toHaveFocus();
      expect(insights).toHaveAttribute("aria-expanded", "true");
    }
    await userEvent.tab();
    expect(insights).toHaveAttribute("aria-expanded", "false");
  });

  it("stays open while a press on another dropdown's button moves focus, until its click switches them", async () => {
    await openSite();
    const brand = dropdownButton("Brand & Creative");
    const insights = dropdownButton("Insights");
    await userEvent.click(brand);
    // The finger is down: focus is on the other button, and the open panel has not moved (on a phone it would collapse from under the finger).
    const finger = userEvent.setup();
    await finger.pointer({ keys: "[MouseLeft>]", target: insights });
    expect(insights).toHaveFocus();
    expect(brand).toHaveAttribute("aria-expanded", "true");
    await finger.pointer({ keys: "[/MouseLeft]", target: insights });
    expect(insights).toHaveAttribute("aria-expanded", "true");
    expect(brand).toHaveAttribute("aria-expanded", "false");
    // A keyboard move still closes it.
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    expect(insights).toHaveAttribute("aria-expanded", "false");
  });

  it("closes on a route change", async () => {
    await openSite("/about-us");
    const brand = dropdownButton("Brand & Creative");
    await userEvent.click(brand);
    await userEvent.click(within(panelOf(brand)).getByRole("link", { name: "Branding & Creative" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Branding page" })).toBeInTheDocument();
    expect(dropdownButton("Brand & Creative")).toHaveAttribute("aria-expanded", "false");
  });

  it("marks the current page's link with aria-current, and the dropdown that holds it", async () => {
    await openSite("/global-brand-solutions/branding-creative");
    const brand = dropdownButton("Brand & Creative");
    expect(brand).toHaveClass("is-current");
    expect(dropdownButton("Insights")).not.toHaveClass("is-current");
    await userEvent.click(brand);
    expect(within(panelOf(brand)).getByRole("link", { name: "Branding & Creative" })).toHaveAttribute("aria-current", "page");
    expect(within(banner()).getAllByRole("link", { current: "page" })).toHaveLength(1);
  });

  it("matches the current page ignoring case and a trailing slash", async () => {
    await openSite("/ABOUT-US/");
    expect(within(banner()).getByRole("link", { name: "About Us" })).toHaveAttribute("aria-current", "page");
  });

  it("styles a link named like 'experience center' (any case) as a bordered button, and no other", async () => {
    await openSite("/about-us", wireMenus("X-", { Top: [menuItem("Visit our EXPERIENCE  center", "/Experience"), menuItem("Experience", "/elsewhere")] }));
    expect(within(banner()).getByRole("link", { name: "Visit our EXPERIENCE center" })).toHaveClass("site-nav__link--button");
    expect(within(banner()).getByRole("link", { name: "Experience" })).not.toHaveClass("site-nav__link--button");
  });

  it("toggles the mobile menu: button, header and navigation wrapper become active together", async () => {
    await openSite();
    const toggle = menuButton();
    const wrapper = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    for (const element of [toggle, banner(), wrapper]) expect(element).toHaveClass("is-active");
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    for (const element of [toggle, banner(), wrapper]) expect(element).not.toHaveClass("is-active");
  });

  it("closes the mobile menu on Escape, back on its button, and on a route change", async () => {
    await openSite();
    const toggle = menuButton();
    await userEvent.click(toggle);
    await userEvent.keyboard("{Escape}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveFocus();
    await userEvent.click(toggle);
    await userEvent.click(within(banner()).getByRole("link", { name: "Corvane Global Services home" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Home page" })).toBeInTheDocument();
    expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  it.each([
    ["an empty menu list", []],
    ["menus with no header groups", wireMenus("X-", { Top: [], TopNext: [] })],
  ])("renders nothing for %s; the page still shows", async (_case, menus) => {
    await openSite("/about-us", menus);
    expect(screen.getByRole("heading", { level: 1, name: "About page" })).toBeInTheDocument();
    expect(document.querySelector("header.site-header")).toBeNull();
    expect(screen.queryByRole("navigation", { name: "Main" })).toBeNull();
  });

  it("renders nothing when the menu call fails; the page still shows", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const fetch = cannedFetch({ pages });
    renderSite("/about-us", testRuntime({ fetch: (input, init) => (requestUrl(input).endsWith("/api/menu/GetMenuList") ? Promise.resolve(new Response("down", { status: 503 })) : fetch(input, init)) }));
    expect(await screen.findByRole("heading", { level: 1, name: "About page" })).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Main" })).toBeNull();
  });

  it("shows menu text as plain text and drops unsafe addresses", async () => {
    await openSite("/about-us", wireMenus("X-", { Top: [menuItem("<b>Bold</b> &amp; bright", "/bold"), menuItem("Sneaky", "javascript:alert(1)")] }));
    expect(within(banner()).getByRole("link", { name: "Bold & bright" })).toHaveAttribute("href", "/bold");
    expect(within(banner()).queryByRole("link", { name: "Sneaky" })).toBeNull();
    expect(within(banner()).getByText("Sneaky")).toBeInTheDocument();
  });

  it("waits for the menus before showing the page, so the header never pushes the content down", async () => {
    let answerMenus: (() => void) | undefined;
    const fetch = cannedFetch({ pages, menus: wireMenus("X-") });
    const held = renderSite(
      "/about-us",
      testRuntime({
        fetch: (input, init) =>
          requestUrl(input).endsWith("/api/menu/GetMenuList") ? new Promise((resolve) => (answerMenus = () => resolve(fetch(input, init)))) : fetch(input, init),
      }),
    );
    // A twin whose menus answer at once takes the same steps, started later: when it shows its page, this one would have too.
    const twin = renderSite("/about-us", testRuntime({ fetch }));
    await within(twin.container).findByRole("heading", { level: 1, name: "About page" });
    expect(answerMenus).toBeDefined();
    expect(within(held.container).getByRole("status")).toHaveTextContent("Loading...");
    twin.unmount();
    act(() => answerMenus?.());
    expect(await screen.findByRole("heading", { level: 1, name: "About page" })).toBeInTheDocument();
    expect(banner()).toBeVisible();
  });
});
