import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { page, wireItem } from "../../../tests/builders.ts";
import { renderBlock } from "../../../tests/harness.tsx";
import { block } from "./ThoughtPaperCards.tsx";

describe("thought-paper-cards", () => {
  it("shows the long description cut to 50 characters (at a word) and READ MORE to /thoughtPapers{anchorlink}", async () => {
    window.history.replaceState(null, "", "/Home");
    const items = page({ contents: [wireItem("ThoughtPapers", { title: "Future of Work", longDesc: "<p>Work is changing faster than &amp; org charts can follow, and here is why.</p>", anchorlink: "/future-of-work" })] }).contents;
    renderBlock(block, { items });
    expect(screen.getByText("Work is changing faster than & org charts can...")).toBeInTheDocument();
    const link = screen.getByRole("link", { name: "Read more: Future of Work" });
    expect(link).toHaveTextContent("READ MORE");
    expect(link).toHaveAttribute("href", "/thoughtPapers/future-of-work");
    await userEvent.click(link);
    expect(window.localStorage.getItem("parentPage")).toBe("/Home");
  });
});
