import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { page, wireItem } from "../../../tests/builders.ts";
import { renderBlock } from "../../../tests/harness.tsx";
import { block } from "./Thumbnails.tsx";

describe("thumbnails", () => {
  it("shows cards with a labelled link where the item has one", () => {
    const items = page({ contents: [wireItem("Thumbnails", { title: "Claims desk", link: "/life-insurance" }), wireItem("Thumbnails", { title: "No link" })] }).contents;
    renderBlock(block, { items });
    expect(screen.getByRole("link", { name: "Learn more: Claims desk" })).toHaveAttribute("href", "/life-insurance");
    expect(screen.getAllByRole("link")).toHaveLength(1);
  });

  it("opens another site's address as an ordinary link and drops unsafe ones", () => {
    const items = page({ contents: [wireItem("Thumbnails", { title: "Out", link: "https://immersive.example.com/" }), wireItem("Thumbnails", { title: "Bad", link: "javascript:alert(1)" })] }).contents;
    renderBlock(block, { items, options: { linkLabel: "Visit" } });
    expect(screen.getByRole("link", { name: "Visit: Out" })).toHaveAttribute("href", "https://immersive.example.com/");
    expect(screen.queryByRole("link", { name: "Visit: Bad" })).toBeNull();
  });

  it("becomes the thumbnail carousel when the layout says so", async () => {
    const items = page({ contents: [wireItem("Thumbnails", { title: "One" }), wireItem("Thumbnails", { title: "Two" })] }).contents;
    renderBlock(block, { items, title: "Capabilities", options: { layout: "carousel" } });
    const carousel = await screen.findByRole("group", { name: "Capabilities" });
    expect(within(carousel).getByRole("group", { name: "1 of 2" })).toHaveTextContent("One");
    expect(document.querySelector('[aria-label="2 of 2"]')).toHaveAttribute("inert");
  });
});
