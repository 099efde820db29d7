/**
 * `npx tsx tools/bench-media-memory.ts`: how much the server's memory grows while 50 different
 * resized copies of photographs are asked for at once (docs/media.md). A loopback picture
 * service, the media handler as the server builds it, and the process's RSS sampled throughout.
 * Prints one JSON line: { startMb, peakMb, grewMb, seconds }. Run it with the allocator
 * setting the server runs with (MALLOC_ARENA_MAX=2, as `npm run serve` sets).
 */
import { variantFormats, variantPath, variantWidths } from "../src/content/mediaAddress.ts";
import { samplePhoto } from "../src/server/media/samplePhoto.ts";
import { mediaOnLoopback, withMemorySampled } from "./mediaBench.ts";

const pictures = new Map<string, { type: string; bytes: Buffer }>();
for (let n = 0; n < 4; n++) pictures.set(`/media/photo-${String(n)}.jpg`, { type: "image/jpeg", bytes: await samplePhoto(2400, 1200, 10 + n) });
// All 50 wait their turn (the server lets 16 wait, MEDIA_RESIZE_QUEUE): this measures what 50 resizes in a row cost.
const media = await mediaOnLoopback(pictures, { maxInputPixels: 40_000_000, concurrency: 1, maxWaiting: 64 });
const paths = [...pictures.keys()].flatMap((path) => variantFormats.flatMap((format) => variantWidths.map((width) => variantPath(`/_media${path}`, width, format)))).slice(0, 50);

const run = await withMemorySampled(() => Promise.all(paths.map((path) => media.ask(path))));
media.close();
console.log(JSON.stringify({ variants: paths.length, ok: run.result.filter((status) => status === 200).length, startMb: run.startMb, peakMb: run.peakMb, grewMb: run.grewMb, seconds: run.ms / 1000 }));
