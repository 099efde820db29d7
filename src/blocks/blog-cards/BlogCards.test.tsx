import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { page, wireItem } from "../../../tests/builders.ts";
import { renderBlock } from "../../../tests/harness.tsx";
import { defaultAuthorImage } from "../../ui/cards/BlogCard.tsx";
import { block } from "./BlogCards.tsx";

describe("blog-cards", () => {
  const items = page({
    contents: [
      wireItem("Blogs", { title: "The <em>future</em> of work", authorName: "Maya Chen", authorImage: "/media/maya.svg", date: "2026-03-14T00:00:00", anchorlink: "/future-of-work" }),
      wireItem("Blogs", { title: "Second post", authorName: "Sam Ito", authorImage: null, date: "2025-12-01T00:00:00", anchorlink: "/second-post" }),
    ],
  }).contents;

  it("shows author, date as Month day, year, and the title linking to /blogs{anchorlink}", () => {
    renderBlock(block, { items });
    expect(screen.getByRole("link", { name: "The future of work" })).toHaveAttribute("href", "/blogs/future-of-work");
    expect(screen.getByText("Maya Chen")).toBeInTheDocument();
    expect(screen.getByText("March 14, 2026")).toHaveAttribute("datetime", "2026-03-14T00:00:00");
  });

  it("uses the default author image when a blog has none", () => {
    const { container } = renderBlock(block, { items });
    expect([...container.querySelectorAll("img")].map((img) => img.getAttribute("src"))).toEqual(["/media/maya.svg", defaultAuthorImage]);
  });

  it("features only the first blog in the featured layout", () => {
    renderBlock(block, { items, options: { layout: "featured" } });
    expect(screen.getAllByRole("listitem")).toHaveLength(1);
  });

  it("becomes the blog carousel when the layout says so, without rotating on its own", async () => {
    renderBlock(block, { items, title: "Insights", options: { layout: "carousel" } });
    const carousel = await screen.findByRole("group", { name: "Insights" });
    expect(within(carousel).getByRole("group", { name: "1 of 2" })).toHaveTextContent("The future of work");
    expect(within(carousel).getByRole("button", { name: "Next slide" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /automatic slide show/ })).toBeNull();
    expect(screen.queryByRole("listitem")).toBeNull();
  });
});
