/**
 * `npx tsx tools/bench-media-spellings.ts`: ten spellings of one resized copy (`photo-1.jpg.1920w.avif`,
 * `%70hoto-1…`, `p%68oto-1…`, `photo-%31…`, …) asked of the media handler at once, against a
 * content service that decodes paths as nginx and S3 do (tests/decodingMediaService.ts), with a
 * 2,400 × 1,200 photograph (docs/security.md). Prints one JSON line: the statuses, the fetches
 * the service saw, the resizes made, the time and the load average.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createDiskCache } from "../src/server/media/diskCache.ts";
import { imageVariants } from "../src/server/media/imageVariants.ts";
import { createMediaHandler } from "../src/server/media/mediaHandler.ts";
import { samplePhoto } from "../src/server/media/samplePhoto.ts";
import { decodingMediaService, spelledOriginal, variantSpellings as spellings } from "../tests/decodingMediaService.ts";

const service = await decodingMediaService(new Map([[spelledOriginal, { type: "image/jpeg", bytes: await samplePhoto(2400, 1200, 2) }]]));
const dir = mkdtempSync(join(tmpdir(), "media-spellings-"));
let resizes = 0;
const media = createMediaHandler({
  origin: service.url,
  timeoutMs: 60_000,
  maxBytes: 25 << 20,
  freshMs: 600_000,
  cache: createDiskCache({ dir, maxBytes: 256 << 20 }),
  variants: imageVariants({ maxInputPixels: 40_000_000, concurrency: 1, onResize: () => (resizes += 1) }),
});
try {
  const started = performance.now();
  const statuses = await Promise.all(spellings.map(async (spelling) => {
    const answer = await media(new Request(`http://site.invalid/_media${spelling}`));
    await answer.arrayBuffer();
    return answer.status;
  }));
  console.log(JSON.stringify({ spellings: spellings.length, statuses, fetches: service.fetches(spelledOriginal), resizes, ms: Math.round(performance.now() - started), loadAverage: loadavg()[0]?.toFixed(2) }));
} finally {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
}
