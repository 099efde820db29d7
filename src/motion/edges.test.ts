import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { edgeBand, edgeOffset, edgeShift, edgeShrink } from "./edges.ts";

const viewport = 1400;
const band = viewport * edgeBand;

describe("the top and bottom scroll effects of wide screens", () => {
  it("leave a section exactly where the layout put it between the edge bands", () => {
    expect(edgeOffset(band, viewport - band, viewport)).toEqual({ y: 0, scale: 1 });
    expect(edgeOffset(400, 900, viewport)).toEqual({ y: 0, scale: 1 });
    // Taller than the screen: in place all the way through.
    expect(edgeOffset(-2000, 3000, viewport)).toEqual({ y: 0, scale: 1 });
  });

  it("lower and shrink a section at the bottom edge, and raise and shrink it at the top edge", () => {
    expect(edgeOffset(viewport, viewport + 600, viewport)).toEqual({ y: edgeShift, scale: 1 - edgeShrink });
    expect(edgeOffset(viewport - band / 2, viewport + 300, viewport)).toEqual({ y: edgeShift / 2, scale: 1 - edgeShrink / 2 });
    expect(edgeOffset(-600, 0, viewport)).toEqual({ y: -edgeShift, scale: 1 - edgeShrink });
    expect(edgeOffset(-500, band / 2, viewport)).toEqual({ y: -edgeShift / 2, scale: 1 - edgeShrink / 2 });
  });

  it("never move a section further than the shift, never shrink it further, and move it continuously", () => {
    fc.assert(
      fc.property(fc.integer({ min: -4000, max: 4000 }), fc.integer({ min: 1, max: 3000 }), fc.integer({ min: 1, max: 4 }), (top, height, step) => {
        const here = edgeOffset(top, top + height, viewport);
        const next = edgeOffset(top - step, top - step + height, viewport);
        expect(Math.abs(here.y)).toBeLessThanOrEqual(edgeShift);
        expect(here.scale).toBeGreaterThanOrEqual(1 - edgeShrink);
        expect(here.scale).toBeLessThanOrEqual(1);
        // A few pixels of scroll never make the section jump.
        expect(Math.abs(next.y - here.y)).toBeLessThanOrEqual((2 * edgeShift * step) / band + 0.2);
      }),
    );
  });

  it("do nothing on a viewport without height", () => {
    expect(edgeOffset(0, 100, 0)).toEqual({ y: 0, scale: 1 });
  });
});
