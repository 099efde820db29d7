import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { page, wireItem } from "../../../tests/builders.ts";
import { renderBlock } from "../../../tests/harness.tsx";
import { block } from "./Panels.tsx";

describe("panels", () => {
  it("takes each panel's side from its direction, else alternates", () => {
    const items = page({
      contents: [wireItem("Panels", { title: "A" }), wireItem("Panels", { title: "B" }), wireItem("Panels", { title: "C", direction: "Left" }), wireItem("Panels", { title: "D" })],
    }).contents;
    const { container } = renderBlock(block, { items });
    expect([...container.querySelectorAll(".panel")].map((p) => p.getAttribute("data-direction"))).toEqual(["Left", "Right", "Left", "Right"]);
  });

  it("has a fixed LEARN MORE button naming the panel it belongs to", () => {
    const items = page({ contents: [wireItem("Panels", { title: "Claims", link: "/life-insurance" })] }).contents;
    renderBlock(block, { items });
    const link = screen.getByRole("link", { name: "LEARN MORE: Claims" });
    expect(link).toHaveTextContent("LEARN MORE");
    expect(link).toHaveAttribute("href", "/life-insurance");
  });
});
