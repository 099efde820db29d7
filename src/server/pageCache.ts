/**
 * Rendered pages, kept as the bytes they are sent as: the HTML with its brotli and gzip bodies
 * and an ETag, computed once when the page is rendered (at a fast level, then again at the best
 * when the server is idle: ./idleRecompression.ts), so a cached page costs a visitor no
 * more work than a static file. Kept under the server's one caching rule (swrCache.ts), with
 * the same freshness as the content it is made of. Each page remembers which content answers it
 * was made of, so a revalidation can drop both.
 *
 * What is kept is bounded by the site's pages, not by what strangers type (docs/security.md):
 * - a page is kept by its one address (src/content/canonicalAddress.ts): another spelling is a 301, kept nowhere;
 * - only a page that is there (200) is kept under its address; a not-found page is kept once per
 *   kind of route, under the route's own pattern (`/blogs/:pageName`), and never rendered again
 *   for another address of that kind (`notFoundKey`); a redirect (a missing address sent home)
 *   and a 503 retry screen are answered and forgotten;
 * - Redis gets a page only when its address has no query (a list's other views and searches
 *   stay with the instance that rendered them), and the content answers it was made of with it;
 * - in this process, at most PAGE_CACHE_ENTRIES pages and PAGE_CACHE_MB of their bytes.
 */
import * as z from "zod/mini";
import { weakEtag } from "./http/cachePolicy.ts";
import { compressed, type CompressionLevel } from "./http/precompress.ts";
import type { RenderedDocument } from "../ssr/site.ts";
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
  /** A not-found page: the pattern of the route it was rendered for (`/blogs/:pageName`). */
  notFoundOf: z.optional(z.string()),
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
  return {
    status: document.status,
    ...(document.retryAfter ? { retryAfter: document.retryAfter } : {}),
    ...(document.notFoundOf !== undefined ? { notFoundOf: document.notFoundOf } : {}),
    etag: weakEtag(html),
    html,
    br,
    gzip,
    compression,
    deps: [...deps],
    tags: [...tags],
  };
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

/** The bytes a page takes: its three bodies. */
export const pageSize = (page: CachedPage) => page.html.byteLength + page.br.byteLength + page.gzip.byteLength;

/**
 * The key a route kind's not-found page is kept under: the route's own pattern, itself an
 * address of that route that no content has (`/blogs/:pageName`), so rendering it makes the
 * page every other missing address of the route shows.
 */
export const notFoundKey = (routePattern: string) => routePattern;

/** The default bounds of the pages kept in one process (PAGE_CACHE_ENTRIES, PAGE_CACHE_MB). */
export const pageCacheDefaults = { entries: 500, megabytes: 128 } as const;

export interface PageCacheOptions {
  freshMs: number;
  staleMs: number;
  /** Renders the page of an address; a missing page at another address than its route's own pattern comes back as the key of that route's not-found page, not rendered. */
  render: (address: string) => Promise<CachedPage | { notFoundPage: string }>;
  shared?: SharedStore | undefined;
  /** Told of each page written to Redis (its content answers are published with it). */
  sharedPage?: (page: CachedPage) => void;
  now?: () => number;
  maxEntries?: number;
  maxBytes?: number;
  warn?: (message: string) => void;
}

export function createPageCache(options: PageCacheOptions): SwrCache<CachedPage> {
  const pages: SwrCache<CachedPage> = createSwrCache<CachedPage>({
    freshMs: options.freshMs,
    staleMs: options.staleMs,
    max: options.maxEntries ?? pageCacheDefaults.entries,
    maxBytes: options.maxBytes ?? pageCacheDefaults.megabytes * 1024 * 1024,
    sizeOf: pageSize,
    // A missing address is its route's one not-found page, rendered (and kept) once under the route's pattern.
    load: async (address) => {
      const page = await options.render(address);
      return "notFoundPage" in page ? pages.get(page.notFoundPage) : page;
    },
    keep: (page, address) => page.status === 200 || (page.status === 404 && page.notFoundOf === address),
    ...(options.now ? { now: options.now } : {}),
    ...(options.warn ? { warn: options.warn } : {}),
    shared: options.shared && {
      store: options.shared,
      prefix: "page:",
      encode: (page) => ({ ...page, html: page.html.toString("base64"), br: page.br.toString("base64"), gzip: page.gzip.toString("base64") }),
      decode: (json) => CachedPageSchema.parse(json),
      deps: (page) => page.deps,
      shareable: (_page, address) => !address.includes("?"),
      ...(options.sharedPage ? { written: options.sharedPage } : {}),
    },
  });
  return pages;
}
