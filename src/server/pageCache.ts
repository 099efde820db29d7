/**
 * Rendered pages, kept as the bytes they are sent as: the HTML with its brotli and gzip bodies
 * and an ETag, computed once when the page is rendered (at a fast level, then again at the best
 * when the server is idle: `idleRecompression` below), so a cached page costs a visitor no
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

/**
 * The page's bodies compressed again at the best level, in place: the cache already holds this
 * page, and the next visitor is sent the smaller bodies (same HTML, same ETag).
 */
async function recompressBest(page: CachedPage): Promise<void> {
  if (page.compression === "best") return;
  const { br, gzip } = await compressed(page.html, "best");
  Object.assign(page, { br, gzip, compression: "best" });
}

export interface IdleRecompression {
  /** Runs a render; while any runs (and `idleMs` after), nothing is recompressed. */
  during<T>(render: () => Promise<T>): Promise<T>;
  /** Queues a page just rendered for the best compression. */
  schedule(page: CachedPage): void;
  /** Pages waiting (for tests and figures). */
  waiting(): number;
}

/**
 * The best compression of rendered pages, done when the server has nothing else to do: a fresh
 * render is answered at once at the fast level (`pageBytes`), and its page queued here. One
 * page at a time is compressed again at the best level (brotli 11 costs about 240 ms of CPU for
 * /Home), only when no render has run for `idleMs`, so it never competes with a visitor waiting
 * for a page; under a steady stream of renders the pages simply stay at the fast level.
 *
 * A page another instance stored in Redis is sent as it was stored there: each instance
 * recompresses the pages it rendered itself.
 */
export function idleRecompression(options: { idleMs?: number; maxWaiting?: number; warn?: (message: string) => void } = {}): IdleRecompression {
  const idleMs = options.idleMs ?? 200;
  // The page cache's size: a page past it has left the cache, so compressing it would be wasted.
  const maxWaiting = options.maxWaiting ?? pageCacheDefaults.entries;
  const queue = new Set<CachedPage>();
  let rendering = 0;
  let lastRenderEnded = 0;
  let working = false;
  let timer: NodeJS.Timeout | undefined;

  const next = () => {
    if (working || timer || queue.size === 0) return;
    const wait = Math.max(0, lastRenderEnded + idleMs - performance.now());
    timer = setTimeout(() => {
      timer = undefined;
      if (rendering > 0) return; // the render's end calls next() again
      if (performance.now() - lastRenderEnded < idleMs) return next();
      const [page] = queue;
      if (!page) return;
      queue.delete(page);
      working = true;
      recompressBest(page)
        .catch((error: unknown) => (options.warn ?? console.warn)(`a page could not be recompressed (it stays at the fast level): ${String(error)}`))
        .finally(() => {
          working = false;
          next();
        });
    }, wait);
    // A server with nothing else to do may stop: the pages are valid at the fast level.
    timer.unref();
  };

  return {
    async during(render) {
      rendering += 1;
      try {
        return await render();
      } finally {
        rendering -= 1;
        lastRenderEnded = performance.now();
        next();
      }
    },
    schedule(page) {
      // A retry screen (503) is never kept, so never sent again.
      if (page.compression === "best" || page.html.byteLength === 0 || page.status === 503) return;
      if (queue.size >= maxWaiting) {
        const [oldest] = queue;
        if (oldest) queue.delete(oldest);
      }
      queue.add(page);
      next();
    },
    waiting: () => queue.size,
  };
}
