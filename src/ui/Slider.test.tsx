import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Slider, type Slide } from "./Slider.tsx";
import { sliderPresets } from "./sliderSettings.ts";

const slides = (n: number): Slide[] => Array.from({ length: n }, (_, i) => ({ key: `s${i}`, content: <p>Slide content {i + 1}</p> }));
const shown = () => [...document.querySelectorAll('[aria-roledescription="slide"]')].filter((s) => s.getAttribute("aria-hidden") !== "true").map((s) => s.getAttribute("aria-label"));

/** A viewport of the given width and motion preference, as media queries see it. */
function viewport(width: number, reduce = false) {
  vi.stubGlobal("matchMedia", (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const matches = query.includes("prefers-reduced-motion") ? reduce : min ? width >= Number(min[1]) : false;
    return { matches, media: query, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined };
  });
}

/** Lets fake time pass, one step at a time so each slide change re-arms the next timer. */
function tick(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("Slider", () => {
  it("follows the carousel pattern: rotation control first, labelled slides, only slides in view exposed", () => {
    viewport(400);
    render(<Slider label="Key figures" slides={slides(5)} settings={sliderPresets.infographics} />);
    const carousel = screen.getByRole("group", { name: "Key figures" });
    expect(carousel).toHaveAttribute("aria-roledescription", "carousel");
    const buttons = screen.getAllByRole("button");
    expect(buttons.map((b) => b.getAttribute("aria-label"))).toEqual(["Stop automatic slide show", "Previous slide", "Next slide"]);
    expect(shown()).toEqual(["1 of 5"]);
    expect(document.querySelector('[aria-label="2 of 5"]')).toHaveAttribute("inert");
  });

  it("shows as many slides as the viewport's step says (3 from 1100 px for infographics)", () => {
    viewport(1200);
    render(<Slider label="Key figures" slides={slides(5)} settings={sliderPresets.infographics} />);
    expect(shown()).toEqual(["1 of 5", "2 of 5", "3 of 5"]);
  });

  it("rotates every 3500 ms, looping, announcing nothing while it rotates", () => {
    viewport(400);
    vi.useFakeTimers();
    render(<Slider label="Key figures" slides={slides(4)} settings={sliderPresets.infographics} />);
    expect(document.querySelector(".slider__track")).toHaveAttribute("aria-live", "off");
    tick(3499);
    expect(shown()).toEqual(["1 of 4"]);
    tick(1);
    expect(shown()).toEqual(["2 of 4"]);
    for (const expected of ["3 of 4", "4 of 4", "1 of 4"]) {
      tick(3500);
      expect(shown()).toEqual([expected]);
    }
  });

  it("stops while the pointer is over it and resumes when it leaves", () => {
    viewport(400);
    vi.useFakeTimers();
    render(<Slider label="Key figures" slides={slides(4)} settings={sliderPresets.infographics} />);
    const carousel = screen.getByRole("group", { name: "Key figures" });
    fireEvent.mouseEnter(carousel);
    tick(10_000);
    expect(shown()).toEqual(["1 of 4"]);
    fireEvent.mouseLeave(carousel);
    tick(3500);
    expect(shown()).toEqual(["2 of 4"]);
  });

  it("stops for good with the pause control, and then announces changes", () => {
    viewport(400);
    vi.useFakeTimers();
    render(<Slider label="Key figures" slides={slides(4)} settings={sliderPresets.infographics} />);
    fireEvent.click(screen.getByRole("button", { name: "Stop automatic slide show" }));
    tick(20_000);
    expect(shown()).toEqual(["1 of 4"]);
    expect(document.querySelector(".slider__track")).toHaveAttribute("aria-live", "polite");
    fireEvent.click(screen.getByRole("button", { name: "Start automatic slide show" }));
    tick(3500);
    expect(shown()).toEqual(["2 of 4"]);
  });

  it("stops when keyboard focus comes in, until the visitor starts it again", () => {
    viewport(400);
    vi.useFakeTimers();
    render(<Slider label="Key figures" slides={slides(4)} settings={sliderPresets.infographics} />);
    // Keyboard focus as :focus-visible sees it: a key press, then focus (Playwright checks that a mouse click does not stop it).
    fireEvent.keyDown(document.body, { key: "Tab" });
    act(() => screen.getByRole("button", { name: "Next slide" }).focus());
    tick(20_000);
    expect(shown()).toEqual(["1 of 4"]);
    expect(document.querySelector(".slider__track")).toHaveAttribute("aria-live", "polite");
    act(() => screen.getByRole("button", { name: "Next slide" }).blur());
    tick(20_000);
    expect(shown()).toEqual(["1 of 4"]);
    fireEvent.click(screen.getByRole("button", { name: "Start automatic slide show" }));
    tick(3500);
    expect(shown()).toEqual(["2 of 4"]);
  });

  it("never rotates on its own under prefers-reduced-motion, but the visitor may start it", () => {
    viewport(400, true);
    vi.useFakeTimers();
    render(<Slider label="Key figures" slides={slides(4)} settings={sliderPresets.infographics} />);
    tick(20_000);
    expect(shown()).toEqual(["1 of 4"]);
    expect(screen.getByRole("button", { name: "Start automatic slide show" })).toBeInTheDocument();
  });

  it("pages by the slides in view and wraps around at the ends", () => {
    viewport(1200);
    render(<Slider label="Insights" slides={slides(5)} settings={sliderPresets.blogs} />);
    expect(screen.queryByRole("button", { name: /automatic/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Next slide" }));
    fireEvent.click(screen.getByRole("button", { name: "Next slide" }));
    expect(shown()).toEqual(["3 of 5", "4 of 5", "5 of 5"]);
    fireEvent.click(screen.getByRole("button", { name: "Next slide" }));
    expect(shown()).toEqual(["1 of 5", "2 of 5", "3 of 5"]);
    fireEvent.click(screen.getByRole("button", { name: "Previous slide" }));
    expect(shown()).toEqual(["3 of 5", "4 of 5", "5 of 5"]);
  });

  it("has no controls when every slide is in view", () => {
    viewport(1200);
    render(<Slider label="Insights" slides={slides(3)} settings={sliderPresets.blogs} />);
    expect(screen.queryByRole("button")).toBeNull();
    expect(shown()).toEqual(["1 of 3", "2 of 3", "3 of 3"]);
  });
});
