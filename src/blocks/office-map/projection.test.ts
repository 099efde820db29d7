import fc from "fast-check";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { defaultPins } from "./options.ts";
import { equalEarth, mapFrame, mapLatitudes, toMap } from "./projection.ts";

describe("the Equal Earth projection", () => {
  it("matches the published extent: x = +-2.70663 at the antimeridian, y = +-1.31737 at the poles", () => {
    expect(equalEarth(0, 0)).toEqual([0, 0]);
    expect(equalEarth(180, 0)[0]).toBeCloseTo(2.70663, 5);
    expect(equalEarth(0, 90)[1]).toBeCloseTo(1.31737, 4);
    expect(equalEarth(-180, -90)[1]).toBeCloseTo(-1.31737, 4);
  });

  const lon = fc.double({ min: -179, max: 179, noNaN: true });
  const lat = fc.double({ min: -85, max: 85, noNaN: true });

  it("is symmetric, with straight parallels", () => {
    fc.assert(
      fc.property(lon, lat, lon, (l, p, other) => {
        const [x, y] = equalEarth(l, p);
        expect(equalEarth(-l, p)[0]).toBeCloseTo(-x, 9);
        expect(equalEarth(l, -p)[1]).toBeCloseTo(-y, 9);
        expect(equalEarth(other, p)[1]).toBeCloseTo(y, 9);
      }),
    );
  });

  it("preserves area: the Jacobian's determinant is cos(latitude) everywhere", () => {
    const h = 1e-4;
    fc.assert(
      fc.property(lon, lat, (l, p) => {
        const d = (dl: number, dp: number) => equalEarth(l + dl, p + dp);
        const [x1, y1] = d(h, 0);
        const [x0, y0] = d(-h, 0);
        const [x3, y3] = d(0, h);
        const [x2, y2] = d(0, -h);
        const rad = (2 * h * Math.PI) / 180;
        const jacobian = ((x1 - x0) / rad) * ((y3 - y2) / rad) - ((x3 - x2) / rad) * ((y1 - y0) / rad);
        expect(jacobian).toBeCloseTo(Math.cos((p * Math.PI) / 180), 4);
      }),
    );
  });

  it("fills the map frame: every longitude, from the southern to the northern latitude", () => {
    expect(toMap(0, 0).x).toBeCloseTo(mapFrame.width / 2, 9);
    expect(toMap(0, -180).x).toBeCloseTo(0, 9);
    expect(toMap(0, 180).x).toBeCloseTo(mapFrame.width, 9);
    expect(toMap(mapLatitudes.north, 0).y).toBeCloseTo(0, 9);
    expect(toMap(mapLatitudes.south, 0).y).toBeCloseTo(mapFrame.height, 1);
  });
});

/** The land of world-land.svg as rings of points ("M x y l dx dy ... z" per ring). */
function landRings(): [number, number][][] {
  const svg = readFileSync("src/blocks/office-map/world-land.svg", "utf8");
  const d = /\sd="([^"]+)"/.exec(svg)?.[1] ?? "";
  const rings: [number, number][][] = [];
  for (const part of d.split(/z/i).filter((p) => p.trim() !== "")) {
    const [move = "", lines = ""] = part.replace(/^M/, "").split("l");
    const numbers = (text: string) => (text.match(/-?\d*\.?\d+/g) ?? []).map(Number);
    const [x0 = 0, y0 = 0] = numbers(move);
    const ring: [number, number][] = [[x0, y0]];
    const steps = numbers(lines);
    for (let i = 0; i + 1 < steps.length; i += 2) {
      const [px, py] = ring[ring.length - 1] ?? [x0, y0];
      ring.push([px + (steps[i] ?? 0), py + (steps[i + 1] ?? 0)]);
    }
    rings.push(ring);
  }
  return rings;
}

/** Even-odd rule, as the SVG fills it. */
function onLand(rings: [number, number][][], x: number, y: number): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i] ?? [0, 0];
      const [xj, yj] = ring[j] ?? [0, 0];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

function distanceToCoast(rings: [number, number][][], x: number, y: number): number {
  let best = Infinity;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [ax, ay] = ring[j] ?? [0, 0];
      const [bx, by] = ring[i] ?? [0, 0];
      const length2 = (bx - ax) ** 2 + (by - ay) ** 2;
      const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / length2));
      best = Math.min(best, Math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay))));
    }
  }
  return best;
}

describe("world-land.svg and the pins", () => {
  const rings = landRings();

  it("is drawn in the projection's frame", () => {
    const svg = readFileSync("src/blocks/office-map/world-land.svg", "utf8");
    expect(svg).toContain(`viewBox="0 0 ${mapFrame.width} ${mapFrame.height}"`);
    expect(rings.length).toBeGreaterThan(100);
  });

  it("puts a city's pin on its land: coastal cities within 0.4% of the map's width of the coastline", () => {
    for (const pin of defaultPins) {
      const { x, y } = toMap(pin.lat, pin.lon);
      const distance = onLand(rings, x, y) ? 0 : distanceToCoast(rings, x, y);
      expect(distance, pin.id).toBeLessThan(4);
    }
  });

  it("leaves the oceans empty (the land test can tell)", () => {
    for (const [lat, lon] of [[0, -30], [-30, -120], [20, 160], [-40, 80]] as const) {
      const { x, y } = toMap(lat, lon);
      expect(onLand(rings, x, y), `${lat},${lon}`).toBe(false);
      expect(distanceToCoast(rings, x, y)).toBeGreaterThan(20);
    }
    // Inland cities are inside the land outright.
    for (const [lat, lon] of [[-15.8, -47.9], [55.75, 37.62], [-25.3, 131]] as const) expect(onLand(rings, toMap(lat, lon).x, toMap(lat, lon).y)).toBe(true);
  });
});
