import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { page, wireItem } from "../../../tests/builders.ts";
import { renderBlock } from "../../../tests/harness.tsx";
import { block } from "./CaseStudyCards.tsx";

describe("case-study-cards", () => {
  const items = page({
    contents: [wireItem("CaseStudies", { title: "Automating claims intake for a regional insurer in six weeks", shortDesc: "<p>how a <b>regional</b> insurer cut claim handling time by forty percent</p>", anchorlink: "/claims-in-six-weeks" })],
  }).contents;

  it("cuts the title to 43 and the text to 50 characters, capitalised, as plain text", () => {
    renderBlock(block, { items });
    expect(screen.getByRole("heading", { name: "Automating claims intake for a regional..." })).toBeInTheDocument();
    expect(screen.getByText("How a regional insurer cut claim handling time by...")).toBeInTheDocument();
  });

  it("links VIEW SUCCESS STORY to /casestudies{anchorlink} and remembers the page it was clicked on", async () => {
    window.history.replaceState(null, "", "/Resources?tab=2");
    renderBlock(block, { items });
    const link = screen.getByRole("link", { name: "View success story: Automating claims intake for a regional insurer in six weeks" });
    expect(link).toHaveTextContent("VIEW SUCCESS STORY");
    expect(link).toHaveAttribute("href", "/casestudies/claims-in-six-weeks");
    await userEvent.click(link);
    expect(window.localStorage.getItem("parentPage")).toBe("/Resources?tab=2");
  });
});
