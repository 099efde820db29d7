/**
 * Draws src/blocks/office-map/world-land.svg: the land of Natural Earth's 1:110m data, as
 * redistributed in TopoJSON by world-atlas 2.0.2 (land-110m.json), through the office map's
 * projection. Run it again only to change the projection or the frame:
 *
 *   npm pack world-atlas@2.0.2 && tar xzf world-atlas-2.0.2.tgz
 *   npx tsx tools/world-map.ts package/land-110m.json
 *
 * Natural Earth is public domain; world-atlas is ISC-licensed (notice kept in the SVG).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { mapFrame, mapLatitudes, toMap } from "../src/blocks/office-map/projection.ts";

interface Topology {
  transform: { scale: [number, number]; translate: [number, number] };
  arcs: [number, number][][];
  objects: { land: { geometries: { type: string; arcs: number[][][] | number[][] }[] } };
}

type Ring = [number, number][];

const output = "src/blocks/office-map/world-land.svg";
const source = process.argv[2];
if (!source) throw new Error("usage: tsx tools/world-map.ts <path to world-atlas land-110m.json>");
const topology = JSON.parse(readFileSync(source, "utf8")) as Topology;

/** Arcs are delta-encoded in quantized units. */
const arcs: Ring[] = topology.arcs.map((arc) => {
  let x = 0;
  let y = 0;
  const [sx, sy] = topology.transform.scale;
  const [tx, ty] = topology.transform.translate;
  return arc.map(([dx, dy]): [number, number] => {
    x += dx;
    y += dy;
    return [x * sx + tx, y * sy + ty];
  });
});

function ring(indexes: number[]): Ring {
  const points: Ring = [];
  for (const index of indexes) {
    const arc = index >= 0 ? arcs[index] : arcs[~index]?.slice().reverse();
    if (!arc) throw new Error(`no arc ${index}`);
    points.push(...(points.length > 0 ? arc.slice(1) : arc));
  }
  return points;
}

const polygons: Ring[][] = topology.objects.land.geometries.flatMap((geometry) =>
  geometry.type === "Polygon" ? [(geometry.arcs as number[][]).map(ring)] : (geometry.arcs as number[][][]).map((polygon) => polygon.map(ring)),
);

/** Keeps the part of a ring on one side of a meridian (Sutherland-Hodgman), cutting its edges where they cross it. */
function clip(points: Ring, meridian: number, side: "west" | "east"): Ring {
  const inside = ([lon]: [number, number]) => (side === "west" ? lon <= meridian : lon >= meridian);
  const cross = ([lon1, lat1]: [number, number], [lon2, lat2]: [number, number]): [number, number] => [meridian, lat1 + ((meridian - lon1) / (lon2 - lon1)) * (lat2 - lat1)];
  const out: Ring = [];
  points.forEach((point, index) => {
    const previous = points[(index + points.length - 1) % points.length] ?? point;
    if (inside(point)) {
      if (!inside(previous)) out.push(cross(previous, point));
      out.push(point);
    } else if (inside(previous)) {
      out.push(cross(previous, point));
    }
  });
  return out;
}

/** A ring that crosses the antimeridian is made continuous, then cut there into its western and eastern parts. */
function splitAtAntimeridian(points: Ring): Ring[] {
  const continuous: Ring = [];
  let shift = 0;
  points.forEach(([lon, lat], index) => {
    const previous = points[index - 1];
    if (previous && Math.abs(lon - previous[0]) > 180) shift += lon < previous[0] ? 360 : -360;
    continuous.push([lon + shift, lat]);
  });
  const lons = continuous.map(([lon]) => lon);
  if (Math.max(...lons) > 180) {
    return [clip(continuous, 180, "west"), clip(continuous, 180, "east").map(([lon, lat]): [number, number] => [lon - 360, lat])];
  }
  if (Math.min(...lons) < -180) {
    return [clip(continuous, -180, "east"), clip(continuous, -180, "west").map(([lon, lat]): [number, number] => [lon + 360, lat])];
  }
  return [continuous];
}

const precision = 2; // to half a map unit: sharp on any screen, and a small file
const number = (units: number) => String(units / precision);
const pair = (x: number, y: number) => `${number(x)}${y < 0 ? "" : " "}${number(y)}`;

/** One ring: an absolute move to its first point, then relative lines ("m x y l dx dy dx dy ... z"). */
function pathOf(points: Ring): string {
  const grid = points.map(([lon, lat]) => {
    const { x, y } = toMap(lat, lon);
    return [Math.round(x * precision), Math.round(y * precision)] as const;
  });
  const [first, ...rest] = grid;
  if (!first) return "";
  let d = `M${pair(first[0], first[1])}l`;
  let [lastX, lastY] = first;
  let separator = "";
  for (const [x, y] of rest) {
    if (x === lastX && y === lastY) continue;
    const step = pair(x - lastX, y - lastY);
    d += step.startsWith("-") ? step : `${separator}${step}`;
    separator = " ";
    [lastX, lastY] = [x, y];
  }
  return `${d}z`;
}

const shown = polygons.filter((polygon) => polygon[0]?.some(([, lat]) => lat > mapLatitudes.south));
const d = shown.flatMap((polygon) => polygon.flatMap(splitAtAntimeridian).filter((r) => r.length > 2).map(pathOf)).join("");

writeFileSync(
  output,
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${mapFrame.width} ${mapFrame.height}">
<!-- Land of Natural Earth 1:110m (public domain), from world-atlas 2.0.2 land-110m.json, in the Equal Earth
projection; drawn by tools/world-map.ts.
world-atlas: Copyright 2013-2019 Michael Bostock. Permission to use, copy, modify, and/or distribute this
software for any purpose with or without fee is hereby granted, provided that the above copyright notice and
this permission notice appear in all copies. THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL
WARRANTIES WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS. IN NO
EVENT SHALL THE AUTHOR BE LIABLE FOR ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES
WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN ACTION OF CONTRACT, NEGLIGENCE OR OTHER
TORTIOUS ACTION, ARISING OUT OF OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE. -->
<path fill="#c7d3e6" fill-rule="evenodd" d="${d}"/>
</svg>
`,
);
console.log(`${output}: ${shown.length} polygons, ${d.length} characters of path`);
