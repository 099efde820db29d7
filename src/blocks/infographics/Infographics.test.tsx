import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { page, wireItem } from "../../../tests/builders.ts";
import { renderBlock } from "../../../tests/harness.tsx";
import { block } from "./Infographics.tsx";

describe("infographics", () => {
  it("shows each figure with its title and text", () => {
    const items = page({ contents: [wireItem("Infographics", { number: "2000+", title: "Professionals", shortDesc: "<p>Across ten offices.</p>" }), wireItem("Infographics", { number: 98, title: "Retention" })] }).contents;
    renderBlock(block, { items });
    expect(screen.getByText("2000+")).toBeInTheDocument();
    expect(screen.getByText("98")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Professionals" })).toBeInTheDocument();
    expect(screen.getByText("Across ten offices.")).toBeInTheDocument();
  });

  it("becomes the infographic carousel when the layout says so, rotating on its own", async () => {
    const items = page({ contents: [1, 2, 3, 4].map((n) => wireItem("Infographics", { number: `${n}0+`, title: `Figure ${n}` })) }).contents;
    renderBlock(block, { items, title: "By the Numbers", options: { layout: "carousel" } });
    const carousel = await screen.findByRole("group", { name: "By the Numbers" });
    expect(carousel).toHaveAttribute("aria-roledescription", "carousel");
    expect(within(carousel).getByRole("button", { name: "Stop automatic slide show" })).toBeInTheDocument();
    expect(within(carousel).getByRole("group", { name: "1 of 4" })).toHaveTextContent("Figure 1");
    expect(screen.queryByRole("listitem")).toBeNull();
  });
});
