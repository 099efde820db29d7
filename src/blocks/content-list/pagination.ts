/** SPEC 9: every page on wide screens; under 768 px a window of at most this many. */
export const narrowWindowSize = 5;

/**
 * Every page is listed on a wide screen up to this many. A service's count past it (a runaway
 * `totalRow`: a trillion pages would be a trillion links, or no array at all) gets a window
 * there too, so no count can make a list unrenderable.
 */
export const widestListing = 500;
export const wideWindowSize = 9;

/**
 * The page numbers the pagination shows: 1..last, or on a narrow screen the window of
 * `narrowWindowSize` pages around the current one, slid inward at either end.
 */
export function pageWindow(current: number, last: number, narrow: boolean): number[] {
  const count = Math.max(1, Math.floor(last) || 1);
  const at = Math.min(Math.max(1, Math.floor(current) || 1), count);
  const size = Math.min(narrow ? narrowWindowSize : count > widestListing ? wideWindowSize : count, count);
  const start = Math.min(Math.max(1, at - Math.floor(size / 2)), count - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}
