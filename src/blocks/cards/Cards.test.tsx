import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { page, wireItem } from "../../../tests/builders.ts";
import { renderBlock } from "../../../tests/harness.tsx";
import { defaultAuthorImage } from "../../ui/cards/BlogCard.tsx";
import { block } from "./Cards.tsx";

describe("cards", () => {
  const blogs = page({
    contents: [
      wireItem("Blogs", { title: "The <em>future</em> of work", authorName: "Maya Chen", authorImage: "/media/maya.svg", date: "2026-03-14T00:00:00", anchorlink: "/future-of-work" }),
      wireItem("Blogs", { title: "Second post", authorName: "Sam Ito", authorImage: null, date: "2025-12-01T00:00:00", anchorlink: "/second-post" }),
    ],
  }).contents;
  const caseStudy = wireItem("CaseStudies", {
    title: "Automating claims intake for a regional insurer in six weeks",
    shortDesc: "<p>how a <b>regional</b> insurer cut claim handling time by forty percent</p>",
    anchorlink: "/claims-in-six-weeks",
  });
  const thoughtPaper = wireItem("ThoughtPapers", { title: "Future of Work", longDesc: "<p>Work is changing faster than &amp; org charts can follow, and here is why.</p>", anchorlink: "/future-of-work" });

  describe("of blogs", () => {
    it("shows author, date as Month day, year, and the title linking to the blog's page", () => {
      renderBlock(block, { items: blogs });
      expect(screen.getByRole("link", { name: "The future of work" })).toHaveAttribute("href", "/blogs/future-of-work");
      expect(screen.getByText("Maya Chen")).toBeInTheDocument();
      expect(screen.getByText("March 14, 2026")).toHaveAttribute("datetime", "2026-03-14T00:00:00");
    });

    it("uses the default author image when a blog has none", () => {
      const { container } = renderBlock(block, { items: blogs });
      expect([...container.querySelectorAll("img")].map((img) => img.getAttribute("src"))).toEqual(["/media/maya.svg", defaultAuthorImage]);
    });

    it("features only the first item in the featured layout", () => {
      renderBlock(block, { items: blogs, options: { layout: "featured" } });
      expect(screen.getAllByRole("listitem")).toHaveLength(1);
    });

    it("becomes a carousel when the layout says so, without rotating on its own", async () => {
      renderBlock(block, { items: blogs, title: "Insights", options: { layout: "carousel" } });
      const carousel = await screen.findByRole("group", { name: "Insights" });
      expect(within(carousel).getByRole("group", { name: "1 of 2" })).toHaveTextContent("The future of work");
      expect(within(carousel).getByRole("button", { name: "Next slide" })).toBeInTheDocument();
      expect(screen.queryByRole("button", { name: /automatic slide show/ })).toBeNull();
      expect(screen.queryByRole("listitem")).toBeNull();
    });
  });

  describe("of case studies", () => {
    const items = page({ contents: [caseStudy] }).contents;

    it("cuts the title to 43 and the text to 50 characters, capitalised, as plain text", () => {
      renderBlock(block, { items });
      expect(screen.getByRole("heading", { name: "Automating claims intake for a regional..." })).toBeInTheDocument();
      expect(screen.getByText("How a regional insurer cut claim handling time by...")).toBeInTheDocument();
    });

    it("links VIEW SUCCESS STORY to the case study's page and remembers the page it was clicked on", async () => {
      window.history.replaceState(null, "", "/Resources?tab=2");
      renderBlock(block, { items });
      const link = screen.getByRole("link", { name: "View success story: Automating claims intake for a regional insurer in six weeks" });
      expect(link).toHaveTextContent("VIEW SUCCESS STORY");
      expect(link).toHaveAttribute("href", "/casestudies/claims-in-six-weeks");
      await userEvent.click(link);
      expect(window.localStorage.getItem("parentPage")).toBe("/Resources?tab=2");
    });
  });

  describe("of thought papers", () => {
    it("shows the long description cut to 50 characters (at a word) and READ MORE to the paper's page", async () => {
      window.history.replaceState(null, "", "/Home");
      renderBlock(block, { items: page({ contents: [thoughtPaper] }).contents });
      expect(screen.getByText("Work is changing faster than & org charts can...")).toBeInTheDocument();
      const link = screen.getByRole("link", { name: "Read more: Future of Work" });
      expect(link).toHaveTextContent("READ MORE");
      expect(link).toHaveAttribute("href", "/thoughtPapers/future-of-work");
      await userEvent.click(link);
      expect(window.localStorage.getItem("parentPage")).toBe("/Home");
    });
  });

  it("gives each item the card of its own content type, and none to an item of another type", () => {
    const items = page({ contents: [thoughtPaper, wireItem("FAQS", { title: "A question" }), caseStudy, ...blogs.slice(0, 1)] }).contents;
    renderBlock(block, { items });
    expect(screen.getAllByRole("listitem")).toHaveLength(3);
    expect(screen.getAllByRole("link").map((link) => link.getAttribute("href"))).toEqual(["/thoughtPapers/future-of-work", "/casestudies/claims-in-six-weeks", "/blogs/future-of-work"]);
    expect(screen.queryByText("A question")).toBeNull();
  });

  it("links no card whose anchor is not a plain page name", () => {
    renderBlock(block, { items: page({ contents: [{ ...caseStudy, anchorlink: "javascript:alert(1)" }] }).contents });
    expect(screen.getByRole("heading", { name: "Automating claims intake for a regional..." })).toBeInTheDocument();
    expect(screen.queryByRole("link")).toBeNull();
  });
});
