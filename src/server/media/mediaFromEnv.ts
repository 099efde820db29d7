/**
 * The media handler as the environment configures it (docs/media.md): the content service's
 * origin (CONTENT_API_BASE, or the embedded fixture service in-process), MEDIA_MAX_MB,
 * MEDIA_TIMEOUT_SECONDS, MEDIA_CACHE_SECONDS, MEDIA_CACHE_DIR and MEDIA_CACHE_MB, MEDIA_FETCHES (files
 * fetched at once); pictures resized with MEDIA_MAX_MEGAPIXELS, MEDIA_RESIZE_CONCURRENCY and
 * MEDIA_RESIZE_QUEUE (how many may wait; one more is answered 503); Lottie animations' stills drawn
 * from animations up to MEDIA_STILL_MAX_MB, each within MEDIA_STILL_TIMEOUT_SECONDS.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { numberSetting } from "../../content/settings.ts";
import { embeddedOrigin, fetchThrough, type FetchHandler } from "../http/fetchHandler.ts";
import { createDiskCache } from "./diskCache.ts";
import { animationStills } from "./animationStills.ts";
import { imageVariants } from "./imageVariants.ts";
import { createMediaHandler, type PreviewMediaHandler, type MediaHandler } from "./mediaHandler.ts";

const number = (raw: string | undefined, fallback: number) => numberSetting(raw, fallback, (n) => n > 0);

const MB = 1024 * 1024;

/** The handler, and `close` to remove the cache directory when it is a temporary one of this process. */
export function mediaHandlerFromEnv(env: NodeJS.ProcessEnv, source: { base: string; embedded: FetchHandler | null; warn?: (message: string) => void }): { handler: MediaHandler & { preview: PreviewMediaHandler }; close: () => void } {
  const dir = env.MEDIA_CACHE_DIR ?? mkdtempSync(join(tmpdir(), "corvane-media-"));
  const handler = createMediaHandler({
    ...(source.warn ? { warn: source.warn } : {}),
    origin: source.embedded ? embeddedOrigin : source.base,
    ...(source.embedded ? { fetch: fetchThrough(source.embedded, embeddedOrigin) } : {}),
    timeoutMs: number(env.MEDIA_TIMEOUT_SECONDS, number(env.CONTENT_TIMEOUT_SECONDS, 10)) * 1000,
    maxBytes: number(env.MEDIA_MAX_MB, 25) * MB,
    freshMs: number(env.MEDIA_CACHE_SECONDS, 3600) * 1000,
    fetchesInFlight: number(env.MEDIA_FETCHES, 4),
    variants: imageVariants({ maxInputPixels: number(env.MEDIA_MAX_MEGAPIXELS, 40) * 1_000_000, concurrency: number(env.MEDIA_RESIZE_CONCURRENCY, 1), maxWaiting: number(env.MEDIA_RESIZE_QUEUE, 16) }),
    stills: animationStills({ maxBytes: number(env.MEDIA_STILL_MAX_MB, 4) * MB, timeoutMs: number(env.MEDIA_STILL_TIMEOUT_SECONDS, 5) * 1000, maxWaiting: number(env.MEDIA_RESIZE_QUEUE, 16) }),
    // Every file is answered from the disk cache: it holds at least a few of the largest.
    cache: createDiskCache({ dir, maxBytes: Math.max(number(env.MEDIA_CACHE_MB, 512), 4 * number(env.MEDIA_MAX_MB, 25)) * MB }),
  });
  return { handler, close: () => (env.MEDIA_CACHE_DIR ? undefined : rmSync(dir, { recursive: true, force: true })) };
}
