import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { page, wireItem } from "../../../tests/builders.ts";
import { renderBlock } from "../../../tests/harness.tsx";
import { block } from "./Testimonials.tsx";

describe("testimonials", () => {
  it("shows the quote with the speaker's name and designation", () => {
    const items = page({ contents: [wireItem("Testimonials", { title: "Priya Raghunathan", designation: "Head of Delivery", shortDesc: "<p>They just deliver.</p>" })] }).contents;
    renderBlock(block, { items, title: "Expert Speak" });
    const quote = screen.getByText("They just deliver.").closest("figure");
    expect(quote).toHaveTextContent("Priya Raghunathan");
    expect(quote).toHaveTextContent("Head of Delivery");
    expect(screen.getByRole("region", { name: "Expert Speak" })).toBeInTheDocument();
  });
});
