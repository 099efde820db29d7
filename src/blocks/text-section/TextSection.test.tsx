import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { page } from "../../../tests/builders.ts";
import { renderBlock } from "../../../tests/harness.tsx";
import { block } from "./TextSection.tsx";

describe("text-section", () => {
  it("shows its text from a resource, the page's own winning over the site's, and a link labelled from a resource", () => {
    const p = page({ resources: { "MAI-BENEFITS-TEXT": "<ul><li>Faster campaigns</li></ul><script>alert(1)</script>" } });
    renderBlock(block, {
      chrome: { menus: [], resources: { "MAI-BENEFITS-TEXT": "<p>Site text.</p>", "MAI-LEARN-MORE": "Learn more" } },
      page: p,
      title: "Solution benefits",
      options: { text: { resource: "MAI-BENEFITS-TEXT" }, link: { href: "/blogs/suite-of-solutions-and-services", label: { resource: "MAI-LEARN-MORE" } } },
    });
    const section = screen.getByRole("region", { name: "Solution benefits" });
    expect(section).toHaveTextContent("Faster campaigns");
    expect(section).not.toHaveTextContent("Site text.");
    expect(section.querySelector("script")).toBeNull();
    expect(screen.getByRole("link", { name: "Learn more" })).toHaveAttribute("href", "/blogs/suite-of-solutions-and-services");
  });

  it("falls back to the layout's default, then to the built-in one, when the service has no such resource", () => {
    renderBlock(block, { options: { text: { resource: "NOT-SENT", default: "<p>From the layout.</p>" }, link: { href: "/contact-us", label: { resource: "GBS-PRESENTATION-BUTTON" } } } });
    expect(screen.getByText("From the layout.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Request a Quote" })).toHaveAttribute("href", "/contact-us");
  });

  it("takes text from a page field, and a link address from a resource", () => {
    renderBlock(block, {
      chrome: { menus: [], resources: { "IMMERSIVE-SITE-URL": "https://immersive.example.com/" } },
      page: page({ desc: "Fixed per-slide pricing. No hourly billing." }),
      title: "Offer Starts from $9.99",
      options: { style: "band", text: { field: "desc" }, link: { href: { resource: "IMMERSIVE-SITE-URL" }, label: { resource: "X", default: "Visit" } } },
    });
    expect(screen.getByRole("region", { name: "Offer Starts from $9.99" })).toHaveTextContent("Fixed per-slide pricing. No hourly billing.");
    expect(screen.getByRole("link", { name: "Visit" })).toHaveAttribute("href", "https://immersive.example.com/");
  });

  it("shows nothing without text or a link, and never links to a script address", () => {
    const { container } = renderBlock(block, { title: "Empty", options: { text: { field: "desc" }, link: { href: "javascript:alert(1)", label: { resource: "X", default: "Go" } } } });
    expect(container).toBeEmptyDOMElement();
  });
});
