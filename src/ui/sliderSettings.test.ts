import { describe, expect, it } from "vitest";
import { mostInView, sliderDefaults, sliderPresets, swipeTarget } from "./sliderSettings.ts";

describe("SPEC 9 carousel settings", () => {
  it("holds the constants of SPEC 9", () => {
    expect(sliderDefaults).toEqual({ speedMs: 300, longSwipeMs: 300, autoplayMs: 3000 });
    expect(sliderPresets.infographics).toMatchObject({ loop: true, autoplayMs: 3500 });
    expect(sliderPresets.infographics.steps.map((s) => [s.minWidth, s.perView, s.spacing])).toEqual([[0, 1, 20], [500, 1.5, 20], [1100, 3, 20]]);
    expect(sliderPresets.blogs.steps.map((s) => [s.minWidth, s.perView, s.spacing])).toEqual([[0, 1, 20], [750, 2, 40], [1100, 3, 40]]);
    expect(sliderPresets.thumbnails.steps.map((s) => [s.minWidth, s.perView])).toEqual([[0, 1], [750, 2], [1100, 3]]);
    expect(sliderPresets.other.steps).toEqual([{ minWidth: 0, perView: 1, spacing: 50 }]);
    expect(mostInView(sliderPresets.infographics)).toBe(3);
  });
});

describe("swipeTarget (long-swipe threshold 300 ms)", () => {
  it("moves a quick flick one slide its way, however short", () => {
    expect(swipeTarget(2, 0.2, 120)).toBe(3);
    expect(swipeTarget(2, -0.2, 299)).toBe(1);
  });

  it("settles a long, slow drag on the nearest slide", () => {
    expect(swipeTarget(2, 0.2, 300)).toBe(2);
    expect(swipeTarget(2, 0.6, 800)).toBe(3);
    expect(swipeTarget(2, -1.7, 900)).toBe(0);
  });

  it("treats a tap (no real movement) as no swipe", () => {
    expect(swipeTarget(4, 0.001, 50)).toBe(4);
  });
});
