import { screen } from "@testing-library/react";
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
});
