import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { page } from "../../../tests/builders.ts";
import { renderBlock } from "../../../tests/harness.tsx";
import { block, heroSliderTimings } from "./HeroSlider.tsx";

const headlines = page({
  carouselList: [
    { id: 1, title: "Creative at speed", shortDesc: "<p>On brand.</p>" },
    { id: 2, title: "Operations that run", shortDesc: "Transformed." },
    { id: 3, title: "Automation that pays", shortDesc: "Measured." },
  ],
}).carouselList;

const current = () => document.querySelector(".hero-slider__slide.is-current")?.getAttribute("aria-label");
function tick(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}
function reducedMotion(reduce: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: reduce && query.includes("reduce"), media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("hero-slider", () => {
  it("follows the carousel pattern: a labelled group of labelled slides, one shown, a rotation control and a dot per slide", () => {
    renderBlock(block, { items: headlines });
    expect(screen.getByRole("group", { name: "Highlights" })).toHaveAttribute("aria-roledescription", "carousel");
    expect(screen.getByRole("group", { name: "1 of 3" })).toHaveTextContent("Creative at speed");
    expect(screen.queryByRole("group", { name: "2 of 3" })).toBeNull();
    expect(screen.getAllByRole("button").map((b) => b.getAttribute("aria-label"))).toEqual([
      "Stop slide rotation",
      "Slide 1: Creative at speed",
      "Slide 2: Operations that run",
      "Slide 3: Automation that pays",
    ]);
    expect(screen.getByRole("button", { name: "Slide 1: Creative at speed" })).toHaveAttribute("aria-current", "true");
  });

  it("shows each slide for 3 s and loops forever", () => {
    vi.useFakeTimers();
    renderBlock(block, { items: headlines });
    tick(heroSliderTimings.slideMs - 1);
    expect(current()).toBe("1 of 3");
    tick(1);
    expect(current()).toBe("2 of 3");
    for (const expected of ["3 of 3", "1 of 3", "2 of 3", "3 of 3", "1 of 3"]) {
      tick(3000);
      expect(current()).toBe(expected);
    }
  });

  it("fades in over 1 s after the previous slide fades out over 0.5 s", () => {
    expect(heroSliderTimings).toEqual({ slideMs: 3000, fadeInMs: 1000, fadeOutMs: 500 });
    const { container } = renderBlock(block, { items: headlines });
    const slider = container.querySelector<HTMLElement>(".hero-slider");
    expect(slider?.style.getPropertyValue("--hero-fade-in")).toBe("1000ms");
    expect(slider?.style.getPropertyValue("--hero-fade-out")).toBe("500ms");
  });

  it("pauses while a dot is hovered and resumes after", () => {
    vi.useFakeTimers();
    renderBlock(block, { items: headlines });
    const dot = screen.getByRole("button", { name: "Slide 2: Operations that run" });
    fireEvent.mouseEnter(dot.closest('[aria-roledescription="carousel"]') ?? dot);
    tick(10_000);
    expect(current()).toBe("1 of 3");
    expect(document.querySelector(".hero-slider__slides")).toHaveAttribute("aria-live", "polite");
    fireEvent.mouseLeave(dot.closest('[aria-roledescription="carousel"]') ?? dot);
    tick(3000);
    expect(current()).toBe("2 of 3");
  });

  it("jumps to the slide whose dot is clicked, and keeps rotating from there", () => {
    vi.useFakeTimers();
    renderBlock(block, { items: headlines });
    fireEvent.click(screen.getByRole("button", { name: "Slide 3: Automation that pays" }));
    expect(current()).toBe("3 of 3");
    expect(screen.getByRole("button", { name: "Slide 3: Automation that pays" })).toHaveAttribute("aria-current", "true");
    tick(3000);
    expect(current()).toBe("1 of 3");
  });

  it("stops and starts with the rotation control", () => {
    vi.useFakeTimers();
    renderBlock(block, { items: headlines });
    fireEvent.click(screen.getByRole("button", { name: "Stop slide rotation" }));
    tick(30_000);
    expect(current()).toBe("1 of 3");
    fireEvent.click(screen.getByRole("button", { name: "Start slide rotation" }));
    tick(3000);
    expect(current()).toBe("2 of 3");
  });

  it("stops when keyboard focus comes in, until the visitor starts it again", () => {
    vi.useFakeTimers();
    renderBlock(block, { items: headlines });
    // Keyboard focus as :focus-visible sees it: a key press, then focus (Playwright checks that a mouse click does not stop it).
    fireEvent.keyDown(document.body, { key: "Tab" });
    act(() => screen.getByRole("button", { name: "Slide 2: Operations that run" }).focus());
    tick(30_000);
    expect(current()).toBe("1 of 3");
    act(() => screen.getByRole("button", { name: "Slide 2: Operations that run" }).blur());
    tick(30_000);
    expect(current()).toBe("1 of 3");
    fireEvent.click(screen.getByRole("button", { name: "Start slide rotation" }));
    tick(3000);
    expect(current()).toBe("2 of 3");
  });

  it("does not rotate under prefers-reduced-motion", () => {
    reducedMotion(true);
    vi.useFakeTimers();
    renderBlock(block, { items: headlines });
    tick(30_000);
    expect(current()).toBe("1 of 3");
    expect(screen.getByRole("button", { name: "Start slide rotation" })).toBeInTheDocument();
  });

  it("has no controls for one slide and renders nothing without slides", () => {
    const { unmount } = renderBlock(block, { items: headlines.slice(0, 1) });
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByText("Creative at speed")).toBeInTheDocument();
    unmount();
    const { container } = renderBlock(block, { items: [] });
    expect(container).toBeEmptyDOMElement();
  });
});
