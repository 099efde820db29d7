/**
 * The top and bottom scroll effects of wide screens (SPEC 4 "Wide screens"), as we read them:
 * on a screen wider than 2560 px a section does not simply scroll in and out of view; within a
 * band at the bottom edge of the viewport it rises into place and grows to full size, and
 * within a band at the top edge it drifts up and shrinks slightly as it leaves. Between the
 * bands it sits exactly where the layout put it. Only position and size change, never
 * opacity: text stays readable at every point, and nothing is hidden.
 */

/** The height of each edge band, as a share of the viewport's height. */
export const edgeBand = 0.2;
/** How far (px) a section sits below its place at the bottom edge, and above it at the top edge. */
export const edgeShift = 64;
/** How much smaller a section is at either edge. */
export const edgeShrink = 0.04;

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/**
 * Where a section is drawn, from where the layout put it: `top` and `bottom` of its box
 * relative to the viewport, whose height is `viewport`.
 */
export function edgeOffset(top: number, bottom: number, viewport: number): { y: number; scale: number } {
  const band = viewport * edgeBand;
  if (band <= 0) return { y: 0, scale: 1 };
  /** 0 while the section's top is at the bottom edge, 1 once it is a band inside. */
  const entered = clamp01((viewport - top) / band);
  /** 1 while the section's bottom is more than a band below the top edge, 0 as it leaves. */
  const staying = clamp01(bottom / band);
  const y = (1 - entered) * edgeShift - (1 - staying) * edgeShift;
  const scale = 1 - (1 - Math.min(entered, staying)) * edgeShrink;
  // Rounded so a section at rest is exactly at rest (no sub-pixel transform left behind).
  return { y: Math.round(y * 10) / 10 || 0, scale: Math.round(scale * 10_000) / 10_000 };
}
