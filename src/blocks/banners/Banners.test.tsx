import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { page, wireItem } from "../../../tests/builders.ts";
import { renderBlock } from "../../../tests/harness.tsx";
import { block } from "./Banners.tsx";

describe("banners", () => {
  it("shows each item of whatever type, with its image, text and a labelled link", () => {
    const items = page({
      contents: [
        wireItem("Banners", { title: "Packaging artwork", shortDesc: "<p>Print-ready files.</p>", image: "/media/a.svg" }),
        wireItem("Panels", { title: "One master", link: "/blogs/premedia-color-management", image: null }),
      ],
    }).contents;
    renderBlock(block, { items, title: "Packaging Artwork" });
    const section = screen.getByRole("region", { name: "Packaging Artwork" });
    expect(within(section).getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(["Packaging artwork", "One master"]);
    expect(within(section).getByText("Print-ready files.")).toBeInTheDocument();
    expect(section.querySelectorAll("img")).toHaveLength(1);
    expect(within(section).getByRole("link", { name: "Learn more: One master" })).toHaveAttribute("href", "/blogs/premedia-color-management");
  });
});
