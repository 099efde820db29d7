import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { menuItem, wireMenus, wirePage } from "../../tests/builders.ts";
import { cannedFetch, renderSite, testRuntime } from "../../tests/harness.tsx";
import organizationData from "../../registry/organization.json" with { type: "json" };
import { socialProfiles } from "./socialProfiles.ts";

const pages = {
  "About-Us": wirePage({ id: 2, name: "About-Us", heading: "About page" }),
  "/privacy-policy": wirePage({ id: 5, name: "privacy-policy", heading: "Privacy page" }),
};

const organization = {
  "@context": "https://schema.org",
  "@type": "Organization",
  name: "Northwind Services",
  sameAs: ["https://www.linkedin.com/company/northwind", "https://x.com/northwind", "javascript:alert(1)", "https://social.example.net/@northwind"],
};
afterEach(() => {
  vi.useRealTimers();
});

async function openSite(path = "/about-us", options: { menus?: unknown; resources?: unknown } = {}) {
  renderSite(path, testRuntime({ fetch: cannedFetch({ pages, menus: options.menus ?? wireMenus("Northwind."), resources: options.resources ?? [] }) }));
  await screen.findByRole("heading", { level: 1 });
}

// The footer's code loads after the page has shown.
const footer = () => screen.findByRole("contentinfo");

describe("footer", () => {
  it("shows the description, the 'Our Solutions' column and the other two columns from their menu slots", async () => {
    await openSite("/about-us", { resources: [{ name: "FOOTER-DESCRIPTION", value: "<p>We run <strong>operations</strong>.</p>" }] });
    const content = within(await footer());
    expect(content.getByRole("link", { name: "Corvane Global Services home" })).toHaveAttribute("href", "/Home");
    expect(content.getByText("operations").tagName).toBe("STRONG");
    const solutions = content.getByRole("list", { name: "Our Solutions" });
    expect(within(solutions).getAllByRole("link").map((link) => link.textContent)).toEqual(["Brand & Creative Solutions", "Smart Work Solutions"]);
    const nav = content.getByRole("navigation", { name: "Footer" });
    expect(within(nav).getAllByRole("list")).toHaveLength(3);
    expect(within(nav).getByRole("link", { name: "Blogs" })).toHaveAttribute("href", "/blogs");
    expect(within(nav).getByRole("link", { name: "About Us" })).toHaveAttribute("aria-current", "page");
  });

  it("falls back to built-in texts when the resources do not have them", async () => {
    await openSite();
    const content = within(await footer());
    expect(content.getByRole("heading", { name: "Our Solutions" })).toBeInTheDocument();
    expect(content.getByText(/delivers brand and creative, smart work and technology solutions/)).toBeInTheDocument();
    expect(content.getByText("© Corvane Global Services. All rights reserved.")).toBeInTheDocument();
  });

  it("shows the company's social profiles of its Organization data (registry/organization.json), each named, in a new tab", async () => {
    await openSite();
    const content = within(await footer());
    const links = content.getAllByRole("link", { name: /on .* \(opens in a new tab\)$/ });
    expect(links.map((link) => link.getAttribute("href"))).toEqual(organizationData.sameAs);
    for (const link of links) expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });

  it("names each profile by its network and keeps only https addresses", () => {
    expect(socialProfiles(organization)).toEqual([
      { url: "https://www.linkedin.com/company/northwind", network: "linkedin", label: "Northwind Services on LinkedIn" },
      { url: "https://x.com/northwind", network: "x", label: "Northwind Services on X" },
      { url: "https://social.example.net/@northwind", network: "other", label: "Northwind Services on social.example.net" },
    ]);
    expect(socialProfiles({ "@type": "Person", sameAs: ["https://x.com/a"] })).toEqual([]);
  });

  it("opens Careers in a new tab without giving it the opener; other addresses are ordinary links", async () => {
    await openSite();
    const content = within(await footer());
    const careers = content.getByRole("link", { name: "Careers (opens in a new tab)" });
    expect(careers).toHaveAttribute("href", "https://careers.example.org/jobs");
    expect(careers).toHaveAttribute("target", "_blank");
    expect(careers).toHaveAttribute("rel", "noopener noreferrer");
    const partners = content.getByRole("link", { name: "Partner Portal" });
    expect(partners).toHaveAttribute("href", "https://partners.example.org/");
    expect(partners).not.toHaveAttribute("target");
  });

  it("holds the legal links and the copyright in the bottom row; a legal link leads to its page", async () => {
    await openSite("/about-us", { resources: [{ name: "FOOTER-COPYRIGHT", value: "© 2026 Northwind" }] });
    const content = within(await footer());
    const legal = content.getByRole("navigation", { name: "Legal" });
    expect(content.getByText("© 2026 Northwind")).toBeInTheDocument();
    await userEvent.click(within(legal).getByRole("link", { name: "Privacy Policy" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Privacy page" })).toBeInTheDocument();
  });

  it("always has 'Do Not Sell or Share My Information', once, opening the consent settings at the marketing and sharing choice", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await openSite("/about-us", { menus: wireMenus("X-", { Bottom: [menuItem("Privacy Policy", "/privacy-policy"), menuItem("Cookie Settings", "#cookie-settings")] }) });
    const legal = within(await footer()).getByRole("navigation", { name: "Legal" });
    expect(within(legal).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["Privacy Policy", "Cookie Settings", "Do Not Sell or Share My Information"]);
    await user.click(within(legal).getByRole("button", { name: "Do Not Sell or Share My Information" }));
    const settings = await screen.findByRole("dialog", { name: "Cookie settings" });
    const marketing = within(settings).getByRole("checkbox", { name: /Marketing and sharing/ });
    expect(marketing).toHaveFocus();
    // The library moves focus to the top of the panel 100 ms after opening; it stays on the choice.
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(marketing).toHaveFocus();
    expect(within(settings).getByRole("button", { name: /Marketing and sharing/, expanded: true })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "About page" })).toBeInTheDocument();
  });

  it("keeps the menu's own 'Do Not Sell or Share My Information' where it is, as the same control, without a second one", async () => {
    await openSite("/about-us", { menus: wireMenus("X-", { Bottom: [menuItem("Do not sell or share my personal information", "/dnsmpi"), menuItem("Privacy Policy", "/privacy-policy")] }) });
    const legal = within(await footer()).getByRole("navigation", { name: "Legal" });
    expect(within(legal).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["Do not sell or share my personal information", "Privacy Policy"]);
    expect(within(legal).getByRole("button", { name: "Do not sell or share my personal information" })).toHaveAttribute("aria-haspopup", "dialog");
  });

  it("makes 'Cookie Settings' open the consent settings instead of navigating", async () => {
    await openSite();
    const legal = within(await footer()).getByRole("navigation", { name: "Legal" });
    expect(within(legal).queryByRole("link", { name: "Cookie Settings" })).toBeNull();
    await userEvent.click(within(legal).getByRole("button", { name: "Cookie Settings" }));
    expect(await screen.findByRole("dialog", { name: "Cookie settings" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "About page" })).toBeInTheDocument();
  });

  it("is on the not-found screen too", async () => {
    await openSite("/unknown-route-of-a-detail/x/y");
    expect(await footer()).toBeInTheDocument();
  });

  it.each([
    ["an empty menu list", []],
    ["menus with no footer groups", wireMenus("X-", { BottomLeft: [], BottomCenter: [], BottomRight: [], Bottom: [] })],
  ])("renders nothing for %s; the page still shows", async (_case, menus) => {
    renderSite("/about-us", testRuntime({ fetch: cannedFetch({ pages, menus, resources: [] }) }));
    await screen.findByRole("heading", { level: 1 });
    // The footer comes in one chunk with the contact shortcut, rendered with it: once the shortcut shows (the menus answered before the page showed), so would the footer.
    await screen.findByRole("link", { name: "Contact us" });
    expect(screen.queryByRole("contentinfo")).toBeNull();
    expect(screen.getByRole("heading", { level: 1, name: "About page" })).toBeInTheDocument();
  });

  it("shows a column that has links even when the others are empty", async () => {
    await openSite("/about-us", { menus: wireMenus("X-", { BottomLeft: [], BottomCenter: [], BottomRight: [], Bottom: [menuItem("Imprint", "/imprint")] }) });
    const content = within(await footer());
    expect(content.queryByRole("navigation", { name: "Footer" })).toBeNull();
    expect(within(content.getByRole("navigation", { name: "Legal" })).getByRole("link", { name: "Imprint" })).toBeInTheDocument();
  });
});
