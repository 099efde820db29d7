import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { page, wireItem } from "../../../tests/builders.ts";
import { renderBlock } from "../../../tests/harness.tsx";
import { block } from "./Carousel.tsx";

describe("carousel", () => {
  const items = page({ contents: [wireItem("Carousels", { title: "One" }), wireItem("Carousels", { title: "Two" }), wireItem("Carousels", { title: "Three" })] }).contents;

  it("follows the carousel pattern: a labelled carousel of labelled slides, only the current one exposed", () => {
    renderBlock(block, { items, title: "Life at Corvane" });
    const carousel = screen.getByRole("group", { name: "Life at Corvane" });
    expect(carousel).toHaveAttribute("aria-roledescription", "carousel");
    expect(carousel).toBeInTheDocument();
    const slides = document.querySelectorAll('[aria-roledescription="slide"]');
    expect([...slides].map((s) => s.getAttribute("aria-label"))).toEqual(["1 of 3", "2 of 3", "3 of 3"]);
    expect(screen.getByRole("group", { name: "1 of 3" })).toHaveTextContent("One");
    expect(screen.queryByRole("group", { name: "2 of 3" })).toBeNull();
  });

  it("moves with the previous and next buttons, wrapping around", async () => {
    renderBlock(block, { items, options: { label: "Highlights" } });
    await userEvent.click(screen.getByRole("button", { name: "Next slide" }));
    expect(screen.getByRole("group", { name: "2 of 3" })).toHaveTextContent("Two");
    await userEvent.click(screen.getByRole("button", { name: "Previous slide" }));
    await userEvent.click(screen.getByRole("button", { name: "Previous slide" }));
    expect(screen.getByRole("group", { name: "3 of 3" })).toHaveTextContent("Three");
  });

  it("has no controls for a single slide", () => {
    renderBlock(block, { items: items.slice(0, 1) });
    expect(screen.queryByRole("button")).toBeNull();
  });
});
