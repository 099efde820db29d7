/**
 * Which motion a device gets (SPEC 1, 2.3 item 8, 4, 9). Decided once per page: a change of
 * width reloads the page (SPEC 4), and the motion code is only downloaded when this says so.
 */

/** The widths of SPEC 9, matched as the CSS matches them (`min-width` media queries). */
export const motionWidths = {
  /** Side-by-side panel animation from this width (the panels sit side by side from here). */
  sideBySidePanels: 760,
  /** Desktop: smooth scrolling (without touch) and the section animations. */
  desktop: 1023,
  /** Screens wider than this get the top and bottom scroll effects. */
  wide: 2560,
} as const;

/** SPEC 4 / 9: the smooth scroll's duration. */
export const smoothScrollSeconds = 2;

export interface MotionDevice {
  /** Panels slide in from their sides as they enter the viewport. */
  panels: boolean;
  /** Sections rise into view as they enter the viewport. */
  sections: boolean;
  /** Wheel scrolling is smoothed (Lenis). */
  smoothScroll: boolean;
  /** Sections ease in at the bottom edge and out at the top edge of the viewport. */
  edges: boolean;
}

export const noMotion: MotionDevice = { panels: false, sections: false, smoothScroll: false, edges: false };

type Environment = Pick<Window, "matchMedia" | "navigator">;

export function motionDevice(win: Environment): MotionDevice {
  if (typeof win.matchMedia !== "function") return noMotion;
  const matches = (query: string) => win.matchMedia(query).matches;
  // prefers-reduced-motion: no smooth scrolling, no scroll-triggered movement, nothing loaded.
  if (matches("(prefers-reduced-motion: reduce)")) return noMotion;
  const desktop = matches(`(min-width: ${motionWidths.desktop}px)`);
  // A touch screen scrolls with its own momentum; a laptop with one is a touch device too (SPEC 4: "no touch").
  const touch = win.navigator.maxTouchPoints > 0 || matches("(any-pointer: coarse)");
  return {
    panels: matches(`(min-width: ${motionWidths.sideBySidePanels}px)`),
    sections: desktop,
    smoothScroll: desktop && !touch,
    edges: matches(`(min-width: ${motionWidths.wide + 1}px)`),
  };
}

export function hasMotion(device: MotionDevice): boolean {
  return device.panels || device.sections || device.smoothScroll || device.edges;
}
