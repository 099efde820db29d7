/**
 * The carousel constants of SPEC 9, as data. Widths are viewport widths in px; `spacing` is
 * the gap between slides in px.
 */
export interface SliderStep {
  /** The step applies from this viewport width up. */
  minWidth: number;
  /** Slides in view; a fraction shows part of the next slide. */
  perView: number;
  spacing: number;
}

export interface SliderSettings {
  /** From the narrowest screen up; the first step has minWidth 0. */
  steps: readonly [SliderStep, ...SliderStep[]];
  /** Wraps around seamlessly (used only when there are more slides than ever fit). */
  loop: boolean;
  /** How long each position shows while rotating automatically; null: no automatic rotation. */
  autoplayMs: number | null;
}

/** SPEC 9 "slider defaults": speed, long-swipe threshold and autoplay delay. */
export const sliderDefaults = { speedMs: 300, longSwipeMs: 300, autoplayMs: 3000 } as const;

export const sliderPresets = {
  /** Autoplay 3500 ms, loop, 20 px gap; 1 slide, 1.5 from 500 px, 3 from 1100 px. */
  infographics: {
    steps: [
      { minWidth: 0, perView: 1, spacing: 20 },
      { minWidth: 500, perView: 1.5, spacing: 20 },
      { minWidth: 1100, perView: 3, spacing: 20 },
    ],
    loop: true,
    autoplayMs: 3500,
  },
  /** 1 slide; 2 from 750 px; 3 from 1100 px; spacing 20, then 40. */
  blogs: {
    steps: [
      { minWidth: 0, perView: 1, spacing: 20 },
      { minWidth: 750, perView: 2, spacing: 40 },
      { minWidth: 1100, perView: 3, spacing: 40 },
    ],
    loop: false,
    autoplayMs: null,
  },
  /** 1, 2, 3 slides from 200, 750, 1100 px (narrower than 200 px still shows one). SPEC 9 names no spacing: the cards' 20 px. */
  thumbnails: {
    steps: [
      { minWidth: 0, perView: 1, spacing: 20 },
      { minWidth: 750, perView: 2, spacing: 20 },
      { minWidth: 1100, perView: 3, spacing: 20 },
    ],
    loop: false,
    autoplayMs: null,
  },
  /** Every other carousel: 1 slide, spacing 50. */
  other: {
    steps: [{ minWidth: 0, perView: 1, spacing: 50 }],
    loop: false,
    autoplayMs: null,
  },
} as const satisfies Record<string, SliderSettings>;

/** The most slides any step shows: with no more slides than this, a carousel never needs to loop. */
export const mostInView = (settings: SliderSettings) => Math.max(...settings.steps.map((step) => step.perView));

/**
 * Where a drag lands (SPEC 9 long-swipe threshold, counted the way Swiper counts it): a quick
 * flick, shorter than the threshold, moves at least one slide its way; a longer, slower drag
 * settles on the nearest slide. `moved` is the drag length in slides (positive: towards the next).
 */
export function swipeTarget(start: number, moved: number, durationMs: number): number {
  const nearest = start + Math.round(moved);
  if (durationMs >= sliderDefaults.longSwipeMs || nearest !== start || Math.abs(moved) < 0.02) return nearest;
  return start + Math.sign(moved);
}
