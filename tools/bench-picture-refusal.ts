/**
 * `npx tsx tools/bench-picture-refusal.ts`: how long the media handler takes to refuse a resized
 * copy of a picture of extreme proportions (docs/security.md): a 39,000,000 × 1 px PNG of about
 * 114 kB, under the 40-megapixel cap, which cost 1.2 GB to resize before sharp's header check.
 * A loopback content service holds it; the copy is asked for through the handler as the server
 * builds it. Prints one JSON line: { pngKb, status, refuseMs, grewMb, loadAverage }.
 */
import { loadavg } from "node:os";
import { crc32, deflateSync } from "node:zlib";
import { mediaOnLoopback, withMemorySampled } from "./mediaBench.ts";

/** A PNG chunk: length, type, data, CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** An RGB PNG of `width` × 1 px, all black: one filter byte and the row, deflated. */
function stripPng(width: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 3);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", deflateSync(row, { level: 9 })), chunk("IEND", Buffer.alloc(0))]);
}

const png = stripPng(39_000_000);
const media = await mediaOnLoopback(new Map([["/media/strip.png", { type: "image/png", bytes: png }]]), { maxInputPixels: 40_000_000, concurrency: 1 });
const run = await withMemorySampled(() => media.ask("/_media/media/strip.png.640w.webp"));
media.close();
console.log(JSON.stringify({ pngKb: Math.round(png.length / 1024), status: run.result, refuseMs: run.ms, grewMb: run.grewMb, loadAverage: loadavg()[0]?.toFixed(2) }));
