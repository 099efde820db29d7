import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { page, wireItem } from "../../../tests/builders.ts";
import { renderBlock } from "../../../tests/harness.tsx";
import { block } from "./Faq.tsx";

/** A question: a <summary> (it works before the code arrives), which browsers expose as a button; testing-library gives it no role. */
function question(name: string): HTMLElement {
  const found = [...document.querySelectorAll("summary")].find((summary) => summary.textContent.trim() === name);
  if (!found) throw new Error(`no question ${name}`);
  return found;
}

describe("faq", () => {
  const items = page({
    contents: [wireItem("FAQS", { title: "How fast can you start?", longDesc: "<p>Within two weeks.</p>" }), wireItem("FAQS", { title: "Where are your teams?", longDesc: "<p>Ten offices.</p>" })],
  }).contents;

  it("follows the accordion pattern: disclosure buttons control labelled regions, all closed at first", () => {
    renderBlock(block, { items });
    const first = question("How fast can you start?");
    expect(first).toHaveAttribute("aria-expanded", "false");
    const answer = document.getElementById(first.getAttribute("aria-controls") ?? "");
    expect(answer).not.toBeVisible();
    expect(answer).toHaveAttribute("aria-labelledby", first.id);
  });

  it("opens one answer at a time; clicking the open one closes it", async () => {
    renderBlock(block, { items });
    const first = question("How fast can you start?");
    const second = question("Where are your teams?");
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

  // Enter and Space on a summary are the browser's (user-event does not act them out): tests/e2e/home.spec.ts presses Enter in Chromium.
  it("is reached from the keyboard", async () => {
    renderBlock(block, { items, options: { openFirst: true } });
    expect(screen.getByText("Within two weeks.")).toBeVisible();
    await userEvent.tab();
    expect(question("How fast can you start?")).toHaveFocus();
  });
});

it("keeps the answer a visitor opened before the code ran, and from then on opens one at a time", async () => {
  const items = page({ contents: [wireItem("FAQS", { title: "One?", longDesc: "<p>Answer one.</p>" }), wireItem("FAQS", { title: "Two?", longDesc: "<p>Answer two.</p>" })] }).contents;
  renderBlock(block, { items });
  // What the browser does with a summary click before any code: the element opens itself.
  const details = question("Two?").parentElement;
  if (!(details instanceof HTMLDetailsElement)) throw new Error("a question is a details' summary");
  await act(async () => {
    const toggled = new Promise((resolve) => details.addEventListener("toggle", resolve, { once: true }));
    details.open = true;
    await toggled;
  });
  expect(question("Two?")).toHaveAttribute("aria-expanded", "true");
  await userEvent.click(question("One?"));
  expect(question("Two?")).toHaveAttribute("aria-expanded", "false");
  expect(screen.getByText("Answer two.")).not.toBeVisible();
});
