import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { page, wireItem } from "../../../tests/builders.ts";
import { renderBlock } from "../../../tests/harness.tsx";
import { block } from "./Faq.tsx";

describe("faq", () => {
  const items = page({
    contents: [wireItem("FAQS", { title: "How fast can you start?", longDesc: "<p>Within two weeks.</p>" }), wireItem("FAQS", { title: "Where are your teams?", longDesc: "<p>Ten offices.</p>" })],
  }).contents;

  it("follows the accordion pattern: buttons control labelled regions, all closed at first", () => {
    renderBlock(block, { items });
    const first = screen.getByRole("button", { name: "How fast can you start?" });
    expect(first).toHaveAttribute("aria-expanded", "false");
    const answer = document.getElementById(first.getAttribute("aria-controls") ?? "");
    expect(answer).not.toBeVisible();
    expect(answer).toHaveAttribute("aria-labelledby", first.id);
  });

  it("opens one answer at a time; clicking the open one closes it", async () => {
    renderBlock(block, { items });
    const first = screen.getByRole("button", { name: "How fast can you start?" });
    const second = screen.getByRole("button", { name: "Where are your teams?" });
    await userEvent.click(first);
    expect(first).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText("Within two weeks.")).toBeVisible();
    await userEvent.click(second);
    expect(first).toHaveAttribute("aria-expanded", "false");
    expect(second).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText("Within two weeks.")).not.toBeVisible();
    await userEvent.click(second);
    expect(second).toHaveAttribute("aria-expanded", "false");
  });

  it("is usable from the keyboard", async () => {
    renderBlock(block, { items, options: { openFirst: true } });
    expect(screen.getByText("Within two weeks.")).toBeVisible();
    await userEvent.tab();
    await userEvent.keyboard("{Enter}");
    expect(screen.getByText("Within two weeks.")).not.toBeVisible();
  });
});
