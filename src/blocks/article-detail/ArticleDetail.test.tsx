import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { page, wireItem } from "../../../tests/builders.ts";
import { cannedFetch, renderBlockAt, testRuntime } from "../../../tests/harness.tsx";
import { defaultAuthorImage } from "../../ui/cards/BlogCard.tsx";
import { block } from "./ArticleDetail.tsx";

const runtime = testRuntime({ fetch: cannedFetch({}) });

const blogPage = (blog: Record<string, unknown>) =>
  page({ name: "future-of-work", heading: "Page heading", blogImage: "/media/blog-hero.svg", blog: wireItem("Blogs", { title: "The <em>future</em> of work", date: "2026-03-14T00:00:00", authorName: "Maya Chen", authorImage: "/media/maya.svg", longDesc: "<h2>Why now</h2><p>Because.</p><script>window.__ran = 1</script>", ...blog }) });
const blogOptions = { item: "blog", byline: true, backTo: "blogs", image: "blogImage" };

describe("article-detail", () => {
  it("shows a blog: title as plain text, author image and name, the date, and the sanitized body", () => {
    const { container } = renderBlockAt("/blogs/future-of-work", block, { page: blogPage({}), options: blogOptions }, runtime);
    expect(screen.getByRole("heading", { level: 1, name: "The future of work" })).toBeInTheDocument();
    expect(screen.getByText("Maya Chen")).toBeInTheDocument();
    expect(screen.getByText("March 14, 2026")).toHaveAttribute("datetime", "2026-03-14T00:00:00");
    expect(container.querySelector(".article__author-image")).toHaveAttribute("src", "/media/maya.svg");
    expect(screen.getByRole("heading", { level: 2, name: "Why now" })).toBeInTheDocument();
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector<HTMLElement>(".article__hero")?.style.getPropertyValue("--background")).toBe('url("/media/blog-hero.svg")');
  });

  it("shows the default author image when the blog has none", () => {
    const { container } = renderBlockAt("/blogs/x", block, { page: blogPage({ authorImage: null }), options: blogOptions }, runtime);
    expect(container.querySelector(".article__author-image")).toHaveAttribute("src", defaultAuthorImage);
  });

  it("shows a case study with its date and no byline", () => {
    const study = page({ caseStudy: wireItem("CaseStudies", { title: "Claims in six weeks", date: "2025-12-01T00:00:00", authorName: "Not shown", longDesc: "<p>The challenge.</p>" }) });
    const { container } = renderBlockAt("/casestudies/claims", block, { page: study, options: { item: "caseStudy", backTo: "caseStudies" } }, runtime);
    expect(screen.getByRole("heading", { level: 1, name: "Claims in six weeks" })).toBeInTheDocument();
    expect(screen.getByText("December 1, 2025")).toBeInTheDocument();
    expect(screen.getByText("The challenge.")).toBeInTheDocument();
    expect(screen.queryByText("Not shown")).toBeNull();
    expect(container.querySelector("img")).toBeNull();
  });

  it("falls back to the page's heading and body when the page carries no item", () => {
    renderBlockAt("/casestudies/bare", block, { page: page({ heading: "A bare study", longDesc: "<p>Body from the page.</p>", caseStudy: null }), options: { item: "caseStudy", backTo: "caseStudies" } }, runtime);
    expect(screen.getByRole("heading", { level: 1, name: "A bare study" })).toBeInTheDocument();
    expect(screen.getByText("Body from the page.")).toBeInTheDocument();
  });

  it("goes back to the previous page", async () => {
    const { router } = renderBlockAt("/casestudies?search=claims", block, { page: blogPage({}), options: { item: "caseStudy", backTo: "caseStudies" } }, runtime);
    await act(() => router.navigate("/casestudies/claims"));
    await userEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe("/casestudies?search=claims");
  });

  it("goes to the list when the visit started on this page (no earlier page on the site)", async () => {
    const { router } = renderBlockAt("/casestudies/claims", block, { page: blogPage({}), options: { item: "caseStudy", backTo: "caseStudies" } }, runtime);
    await userEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(router.state.location.pathname).toBe("/casestudies");
  });
});
