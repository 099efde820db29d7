import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { page } from "../../../tests/builders.ts";
import { renderBlock } from "../../../tests/harness.tsx";
import { block } from "./Hero.tsx";

afterEach(() => {
  vi.useRealTimers();
});

describe("hero", () => {
  const p = page({
    heading: "Smart <em>work</em>",
    heading1: "Generic heading",
    category: "Smart Work Solutions",
    shortDesc: "<p>Short words.</p>",
    desc: "<p>Description words.</p>",
    pageheroimage: "/media/hero.svg",
    carouselList: [{ id: 1, title: "Faster closes", shortDesc: "Month-end in 3 days" }],
  });

  it("content variant (the default): heading, short description, the picture beside them (whole, its space reserved) and the carousel list", () => {
    const { container } = renderBlock(block, { page: p });
    expect(screen.getByRole("heading", { level: 1, name: "Smart work" })).toBeInTheDocument();
    expect(screen.getByText("Short words.")).toBeInTheDocument();
    expect(screen.getByText("Faster closes")).toBeInTheDocument();
    const image = container.querySelector(".hero img");
    expect(image).toHaveAttribute("src", "/media/hero.svg");
    expect(image).toHaveAttribute("alt", "");
    expect(image).toHaveStyle({ objectFit: "contain" });
  });

  it("generic variant: category tag, heading1 and description", () => {
    renderBlock(block, { page: p, options: { variant: "generic" } });
    expect(screen.getByText("Smart Work Solutions")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Generic heading" })).toBeInTheDocument();
    expect(screen.getByText("Description words.")).toBeInTheDocument();
    expect(screen.queryByText("Faster closes")).toBeNull();
  });

  it("people variant shows the hero image beside the text, with its space reserved", () => {
    renderBlock(block, { page: p, options: { variant: "people" } });
    const image = document.querySelector("img");
    expect(image).toHaveAttribute("width");
    expect(image).toHaveAttribute("height");
  });

  it("variant none renders nothing", () => {
    const { container } = renderBlock(block, { page: p, options: { variant: "none" } });
    expect(container).toBeEmptyDOMElement();
  });

  it("never uses a script address as a picture", () => {
    const { container } = renderBlock(block, { page: page({ heading: "x", pageheroimage: "javascript:alert(1)" }), options: { variant: "content" } });
    expect(container.querySelector(".hero")?.innerHTML ?? "").not.toContain("javascript");
    expect(container.querySelector(".hero img")).toBeNull();
  });

  it("home variant: the subtitle is in the document at once and appears 500 ms after the page shows", () => {
    renderBlock(block, { page: p, options: { variant: "home" } });
    expect(screen.getByRole("heading", { level: 1, name: "Smart work" })).toBeInTheDocument();
    // Its appearance waits by a CSS animation delay (the timing itself is measured in Chromium, tests/e2e/home.spec.ts).
    const subtitle = screen.getByText("Short words.").closest(".hero__subtitle");
    expect(subtitle).toHaveStyle({ animationDelay: "500ms" });
    // The headline slides are the hero-slider block's, not repeated here.
    expect(screen.queryByText("Faster closes")).toBeNull();
  });
});
