import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { page, wireItem } from "../../../tests/builders.ts";
import { renderBlock } from "../../../tests/harness.tsx";
import { block } from "./Icons.tsx";

describe("icons", () => {
  it("shows each icon's title and text in a labelled section, images with reserved space", () => {
    const items = page({ contents: [wireItem("Icons", { title: "Quality", shortDesc: "<p>Six sigma.</p>" }), wireItem("Icons", { title: "Speed" })] }).contents;
    renderBlock(block, { items, title: "What we offer" });
    const section = screen.getByRole("region", { name: "What we offer" });
    expect(within(section).getAllByRole("listitem")).toHaveLength(2);
    expect(within(section).getByRole("heading", { name: "Quality" })).toBeInTheDocument();
    expect(within(section).getByText("Six sigma.")).toBeInTheDocument();
    for (const image of section.querySelectorAll("img")) {
      expect(image).toHaveAttribute("width", "1");
      expect(image).toHaveAttribute("height", "1");
    }
  });

  it("stacks as a list when the layout asks", () => {
    const { container } = renderBlock(block, { items: page({ contents: [wireItem("Icons")] }).contents, options: { layout: "list" } });
    expect(container.querySelector(".card-grid--list")).not.toBeNull();
  });
});
