/**
 * The office map's projection: Equal Earth (Šavrič, Patterson and Jenny, 2018), an
 * equal-area world projection with straight parallels. world-land.svg was drawn through
 * `toMap` (tools/world-map.ts), and pins go through the same function, so a pin sits
 * where its city is.
 */
const A1 = 1.340264;
const A2 = -0.081106;
const A3 = 0.000893;
const A4 = 0.003796;
const M = Math.sqrt(3) / 2;
const radians = Math.PI / 180;

/** Equal Earth on the unit sphere: longitude and latitude in degrees to x (east) and y (north). */
export function equalEarth(lon: number, lat: number): [number, number] {
  const theta = Math.asin(M * Math.sin(lat * radians));
  const t2 = theta * theta;
  const t6 = t2 * t2 * t2;
  const x = (lon * radians * Math.cos(theta)) / (M * (A1 + 3 * A2 * t2 + t6 * (7 * A3 + 9 * A4 * t2)));
  const y = theta * (A1 + A2 * t2 + t6 * (A3 + A4 * t2));
  return [x, y];
}

/** The map shows every longitude, and latitudes from south of Cape Horn to north of Greenland (no Antarctica). */
export const mapLatitudes = { south: -57, north: 84 } as const;

const [halfWidth] = equalEarth(180, 0);
const [, top] = equalEarth(0, mapLatitudes.north);
const [, bottom] = equalEarth(0, mapLatitudes.south);
const width = 1000;
const scale = width / (2 * halfWidth);

/** The map's coordinate space (the SVG viewBox): x to the east, y down, from the top-left corner. */
export const mapFrame = { width, height: Math.round((top - bottom) * scale * 10) / 10 } as const;

/** A place, in the map's coordinate space. */
export function toMap(lat: number, lon: number): { x: number; y: number } {
  const [x, y] = equalEarth(lon, lat);
  return { x: (x + halfWidth) * scale, y: (top - y) * scale };
}
