/** SPEC 9: every page on wide screens; under 768 px a window of at most this many. */
export const narrowWindowSize = 5;

/**
 * The page numbers the pagination shows: 1..last, or on a narrow screen the window of
 * `narrowWindowSize` pages around the current one, slid inward at either end.
 */
export function pageWindow(current: number, last: number, narrow: boolean): number[] {
  const count = Math.max(1, Math.floor(last));
  const at = Math.min(Math.max(1, Math.floor(current)), count);
  const size = narrow ? Math.min(narrowWindowSize, count) : count;
  const start = Math.min(Math.max(1, at - Math.floor(size / 2)), count - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}
