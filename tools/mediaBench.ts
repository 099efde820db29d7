/**
 * What the media benchmarks share: a loopback content service holding some pictures, the media
 * handler on it as the server builds it (its own disk cache in a temporary folder), and the
 * process's memory sampled while a piece of work runs.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDiskCache } from "../src/server/media/diskCache.ts";
import { imageVariants } from "../src/server/media/imageVariants.ts";
import { createMediaHandler } from "../src/server/media/mediaHandler.ts";

/** The media handler over a loopback service of `pictures` (path → content type and bytes); `close` removes everything. */
export async function mediaOnLoopback(pictures: ReadonlyMap<string, { type: string; bytes: Buffer }>, variants: Parameters<typeof imageVariants>[0]) {
  const service = createServer((req, res) => {
    const picture = pictures.get(req.url ?? "");
    if (picture) res.writeHead(200, { "Content-Type": picture.type }).end(picture.bytes);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => service.listen(0, "127.0.0.1", resolve));
  const dir = mkdtempSync(join(tmpdir(), "media-bench-"));
  const media = createMediaHandler({
    origin: `http://127.0.0.1:${String((service.address() as AddressInfo).port)}`,
    timeoutMs: 60_000,
    maxBytes: 25 << 20,
    freshMs: 600_000,
    cache: createDiskCache({ dir, maxBytes: 256 << 20 }),
    variants: imageVariants(variants),
  });
  return {
    /** The handler's answer's status for `path`; its body is let go (its file closed), as a client that hung up. */
    async ask(path: string): Promise<number> {
      const answer = await media(new Request(`http://site.invalid${path}`));
      await answer.body?.cancel();
      return answer.status;
    },
    close() {
      service.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const mb = (bytes: number) => Math.round((bytes / (1 << 20)) * 10) / 10;

/** Runs `work`, sampling the process's resident memory every 5 ms: its result, the memory at the start and the peak (MB), and the time it took. */
export async function withMemorySampled<T>(work: () => Promise<T>): Promise<{ result: T; startMb: number; peakMb: number; grewMb: number; ms: number }> {
  const start = process.memoryUsage.rss();
  let peak = start;
  const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  const started = performance.now();
  try {
    const result = await work();
    return { result, startMb: mb(start), peakMb: mb(Math.max(peak, process.memoryUsage.rss())), grewMb: mb(Math.max(peak, process.memoryUsage.rss()) - start), ms: Math.round(performance.now() - started) };
  } finally {
    clearInterval(sample);
  }
}
