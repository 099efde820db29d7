import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { narrowWindowSize, pageWindow, wideWindowSize, widestListing } from "./pagination.ts";

const pages = fc.integer({ min: 1, max: 500 }).chain((last) => fc.record({ last: fc.constant(last), current: fc.integer({ min: 1, max: last }) }));

describe("pageWindow", () => {
  it("shows every page on wide screens", () => {
    expect(pageWindow(3, 7, false)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("shows a window of 5 around the current page on narrow screens, slid inward at the ends", () => {
    expect(pageWindow(1, 12, true)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 12, true)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(12, 12, true)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(2, 3, true)).toEqual([1, 2, 3]);
  });

  it("never shows more than 5 pages on a narrow screen, always the current one, always within 1..last, in order", () => {
    fc.assert(
      fc.property(pages, ({ current, last }) => {
        const shown = pageWindow(current, last, true);
        expect(shown.length).toBe(Math.min(narrowWindowSize, last));
        expect(shown).toContain(current);
        expect(shown.every((page) => page >= 1 && page <= last)).toBe(true);
        shown.forEach((page, i) => i > 0 && expect(page).toBe((shown[i - 1] ?? 0) + 1));
      }),
    );
  });

  it("shows exactly 1..last on a wide screen", () => {
    fc.assert(
      fc.property(pages, ({ current, last }) => {
        expect(pageWindow(current, last, false)).toEqual(Array.from({ length: last }, (_, i) => i + 1));
      }),
    );
  });

  it("stays within 1..last for a current page outside it (an address edited by hand)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 600 }), fc.integer({ min: 0, max: 50 }), fc.boolean(), (current, last, narrow) => {
        const shown = pageWindow(current, last, narrow);
        expect(shown.length).toBeGreaterThan(0);
        expect(shown.every((page) => page >= 1 && page <= Math.max(1, last))).toBe(true);
      }),
    );
  });

  it("keeps a window on wide screens too past the widest listing, whatever count a service sends", () => {
    expect(pageWindow(1, widestListing, false)).toHaveLength(widestListing);
    expect(pageWindow(1, 111_111_111_112, false)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageWindow(50, Number.POSITIVE_INFINITY, false)).toEqual([46, 47, 48, 49, 50, 51, 52, 53, 54]);
    expect(pageWindow(Number.NaN, Number.NaN, false)).toEqual([1]);
    fc.assert(
      fc.property(fc.double({ min: widestListing + 1, max: 1e300, noNaN: true }), fc.nat(), fc.boolean(), (last, current, narrow) => {
        const shown = pageWindow(current, last, narrow);
        expect(shown.length).toBe(narrow ? narrowWindowSize : wideWindowSize);
        expect(shown.every((page) => page >= 1 && page <= last)).toBe(true);
      }),
    );
  });
});
