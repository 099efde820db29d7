/**
 * Rendered pages, kept as the bytes they are sent as: the HTML with its brotli and gzip bodies
 * and an ETag, computed once when the page is rendered, so a cached page costs a visitor no
 * more work than a static file. Kept under the server's one caching rule (swrCache.ts), with
 * the same freshness as the content it is made of; a 503 retry screen is never kept. Each page
 * remembers which content answers it was made of, so a revalidation can drop both.
 */
import * as z from "zod/mini";
import { weakEtag } from "./http/cachePolicy.ts";
import { compressed } from "./http/precompress.ts";
import type { RenderedDocument } from "./renderModule.ts";
import type { SharedStore } from "./shared.ts";
import { createSwrCache, type SwrCache } from "./swrCache.ts";

const bytes = z.pipe(z.string(), z.transform((base64) => Buffer.from(base64, "base64")));
const CachedPageSchema = z.object({
  status: z.number(),
  location: z.optional(z.string()),
  etag: z.string(),
  html: bytes,
  br: bytes,
  gzip: bytes,
  /** The content answers (contentCache keys) the page was made of. */
  deps: z.array(z.string()),
});
export type CachedPage = z.output<typeof CachedPageSchema>;

/** The page as it will be sent: compressed once, at brotli's 11 and gzip's 9, and its ETag. */
export async function pageBytes(document: RenderedDocument, deps: readonly string[]): Promise<CachedPage> {
  if (document.kind === "redirect") return { status: document.status, location: document.location, etag: "", html: Buffer.alloc(0), br: Buffer.alloc(0), gzip: Buffer.alloc(0), deps: [...deps] };
  const html = Buffer.from(document.html);
  const { br, gzip } = await compressed(html);
  return { status: document.status, etag: weakEtag(html), html, br, gzip, deps: [...deps] };
}

export interface PageCacheOptions {
  freshMs: number;
  staleMs: number;
  render: (address: string) => Promise<CachedPage>;
  shared?: SharedStore | undefined;
  now?: () => number;
  maxEntries?: number;
}

export function createPageCache(options: PageCacheOptions): SwrCache<CachedPage> {
  return createSwrCache<CachedPage>({
    freshMs: options.freshMs,
    staleMs: options.staleMs,
    max: options.maxEntries ?? 500,
    load: options.render,
    keep: (page) => page.status !== 503,
    ...(options.now ? { now: options.now } : {}),
    shared: options.shared && {
      store: options.shared,
      prefix: "page:",
      encode: (page) => ({ ...page, html: page.html.toString("base64"), br: page.br.toString("base64"), gzip: page.gzip.toString("base64") }),
      decode: (json) => CachedPageSchema.parse(json),
      deps: (page) => page.deps,
    },
  });
}
