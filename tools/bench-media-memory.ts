/**
 * `npx tsx tools/bench-media-memory.ts`: how much the server's memory grows while 50 different
 * resized copies of photographs are asked for at once (docs/media.md). A loopback picture
 * service, the media handler as the server builds it, and the process's RSS sampled throughout.
 * Prints one JSON line: { startMb, peakMb, grewMb, seconds }. Run it with the allocator
 * setting the server runs with (MALLOC_ARENA_MAX=2, as `npm run serve` sets).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { variantFormats, variantPath, variantWidths } from "../src/content/mediaAddress.ts";
import { createDiskCache } from "../src/server/media/diskCache.ts";
import { imageVariants } from "../src/server/media/imageVariants.ts";
import { createMediaHandler } from "../src/server/media/mediaHandler.ts";
import { samplePhoto } from "../src/server/media/samplePhoto.ts";

const pictures = new Map<string, Buffer>();
for (let n = 0; n < 4; n++) pictures.set(`/media/photo-${String(n)}.jpg`, await samplePhoto(2400, 1200, 10 + n));
const service = createServer((req, res) => {
  const bytes = pictures.get(req.url ?? "");
  if (bytes) res.writeHead(200, { "Content-Type": "image/jpeg" }).end(bytes);
  else res.writeHead(404).end();
});
await new Promise<void>((resolve) => service.listen(0, "127.0.0.1", resolve));
const dir = mkdtempSync(join(tmpdir(), "media-memory-"));
const media = createMediaHandler({
  origin: `http://127.0.0.1:${String((service.address() as AddressInfo).port)}`,
  timeoutMs: 60_000,
  maxBytes: 25 << 20,
  freshMs: 600_000,
  cache: createDiskCache({ dir, maxBytes: 256 << 20 }),
  // All 50 wait their turn (the server lets 16 wait, MEDIA_RESIZE_QUEUE): this measures what 50 resizes in a row cost.
  variants: imageVariants({ maxInputPixels: 40_000_000, concurrency: 1, maxWaiting: 64 }),
});
const paths = [...pictures.keys()].flatMap((path) => variantFormats.flatMap((format) => variantWidths.map((width) => variantPath(`/_media${path}`, width, format)))).slice(0, 50);

const start = process.memoryUsage.rss();
let peak = start;
const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
const started = Date.now();
const statuses = await Promise.all(paths.map(async (path) => (await media(new Request(`http://site.invalid${path}`))).status));
clearInterval(sample);
peak = Math.max(peak, process.memoryUsage.rss());
service.close();
rmSync(dir, { recursive: true, force: true });
const mb = (bytes: number) => Math.round((bytes / (1 << 20)) * 10) / 10;
console.log(JSON.stringify({ variants: paths.length, ok: statuses.filter((status) => status === 200).length, startMb: mb(start), peakMb: mb(peak), grewMb: mb(peak - start), seconds: (Date.now() - started) / 1000 }));
