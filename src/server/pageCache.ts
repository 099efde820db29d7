/**
 * Rendered pages, kept as the bytes they are sent as: the HTML with its brotli and gzip bodies
 * and an ETag, computed once when the page is rendered (at a fast level, then again at the best
 * when the server is idle: ./idleRecompression.ts), so a cached page costs a visitor no
 * more work than a static file. Kept under the server's one caching rule (swrCache.ts), with
 * the same freshness as the content it is made of; a 503 retry screen is never kept. Each page
 * remembers which content answers it was made of, so a revalidation can drop both.
 */
import * as z from "zod/mini";
import { weakEtag } from "./http/cachePolicy.ts";
import { compressed, type CompressionLevel } from "./http/precompress.ts";
import type { RenderedDocument } from "./renderModule.ts";
import type { SharedStore } from "./shared.ts";
import { createSwrCache, type SwrCache } from "./swrCache.ts";

const bytes = z.pipe(z.string(), z.transform((base64) => Buffer.from(base64, "base64")));
const CachedPageSchema = z.object({
  status: z.number(),
  /** A 503's Retry-After, as the route said it. */
  retryAfter: z.optional(z.string()),
  location: z.optional(z.string()),
  etag: z.string(),
  html: bytes,
  br: bytes,
  gzip: bytes,
  /** How `br` and `gzip` were compressed; a copy from before this field was the best. */
  compression: z.catch(z.enum(["fast", "best"]), "best"),
  /** The content answers (contentCache keys) the page was made of. */
  deps: z.array(z.string()),
  /** Its cache tags for a CDN (./edge/cacheTags.ts); a copy from before this field has none. */
  tags: z.catch(z.array(z.string()), []),
});
export type CachedPage = z.output<typeof CachedPageSchema>;

/**
 * The page as it will be sent: its ETag, and its bodies compressed at the fast level, which a
 * visitor waiting for a fresh render can afford (./http/precompress.ts); `recompressBest` makes
 * them smaller later.
 */
export async function pageBytes(document: RenderedDocument, deps: readonly string[], tags: readonly string[] = []): Promise<CachedPage> {
  if (document.kind === "redirect") return { status: document.status, location: document.location, etag: "", html: Buffer.alloc(0), br: Buffer.alloc(0), gzip: Buffer.alloc(0), compression: "best", deps: [...deps], tags: [...tags] };
  const html = Buffer.from(document.html);
  const compression: CompressionLevel = "fast";
  const { br, gzip } = await compressed(html, compression);
  return { status: document.status, ...(document.retryAfter ? { retryAfter: document.retryAfter } : {}), etag: weakEtag(html), html, br, gzip, compression, deps: [...deps], tags: [...tags] };
}

/**
 * The page's bodies compressed again at the best level, in place: the cache already holds this
 * page, and the next visitor is sent the smaller bodies (same HTML, same ETag).
 */
export async function recompressBest(page: CachedPage): Promise<void> {
  if (page.compression === "best") return;
  const { br, gzip } = await compressed(page.html, "best");
  Object.assign(page, { br, gzip, compression: "best" });
}

export interface PageCacheOptions {
  freshMs: number;
  staleMs: number;
  render: (address: string) => Promise<CachedPage>;
  shared?: SharedStore | undefined;
  now?: () => number;
  maxEntries?: number;
  warn?: (message: string) => void;
}

export function createPageCache(options: PageCacheOptions): SwrCache<CachedPage> {
  return createSwrCache<CachedPage>({
    freshMs: options.freshMs,
    staleMs: options.staleMs,
    max: options.maxEntries ?? 500,
    load: options.render,
    keep: (page) => page.status !== 503,
    ...(options.now ? { now: options.now } : {}),
    ...(options.warn ? { warn: options.warn } : {}),
    shared: options.shared && {
      store: options.shared,
      prefix: "page:",
      encode: (page) => ({ ...page, html: page.html.toString("base64"), br: page.br.toString("base64"), gzip: page.gzip.toString("base64") }),
      decode: (json) => CachedPageSchema.parse(json),
      deps: (page) => page.deps,
    },
  });
}
