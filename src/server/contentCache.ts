/**
 * The content service's answers, shared between visitors (and, with Redis, between instances):
 * each answer, by call and request body, kept under the server's one caching rule
 * (swrCache.ts): fresh, then stale while one refresh runs, and the last good copy whatever its
 * age when the service fails. However many visitors ask at once, one call per answer goes out.
 */
import * as z from "zod/mini";
import { requestUrl } from "../content/requestUrl.ts";
import type { SharedStore } from "./shared.ts";
import { createSwrCache, type SwrCache } from "./swrCache.ts";

export interface ContentCacheOptions {
  /** The content service: a POST with a JSON body. */
  upstream: (path: string, body: string) => Promise<Response>;
  freshMs: number;
  staleMs: number;
  now?: () => number;
  /** Most answers kept; the least recently used go first (list searches make the key space open). */
  maxEntries?: number;
  shared?: SharedStore | undefined;
}

const ContentAnswerSchema = z.object({ body: z.string(), contentType: z.string() });
export type ContentAnswer = z.infer<typeof ContentAnswerSchema>;

export interface ContentCache {
  /** A fetch for the renderer: POST calls answered from the cache; anything else goes straight on. */
  fetch: typeof fetch;
  /** How many calls actually went to the content service from this instance. */
  upstreamCalls: () => number;
  answers: SwrCache<ContentAnswer>;
}

/** The cache key of a content call: its path and body, or null for a call that is not cached. */
export function contentKey(input: Parameters<typeof fetch>[0], init?: RequestInit): string | null {
  const body = typeof init?.body === "string" ? init.body : null;
  if ((init?.method ?? "GET").toUpperCase() !== "POST" || body === null) return null;
  return `${new URL(requestUrl(input), "http://content.invalid").pathname}\n${body}`;
}

export function createContentCache(options: ContentCacheOptions): ContentCache {
  const answers = createSwrCache<ContentAnswer>({
    freshMs: options.freshMs,
    staleMs: options.staleMs,
    max: options.maxEntries ?? 5000,
    ...(options.now ? { now: options.now } : {}),
    shared: options.shared && { store: options.shared, prefix: "content:", encode: (answer) => answer, decode: (json) => ContentAnswerSchema.parse(json) },
    async load(key) {
      const [path = "", body = ""] = key.split(/\n(.*)/s);
      const response = await options.upstream(path, body);
      // Only a good answer is kept; an error answer is the service failing.
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
      return { body: await response.text(), contentType: response.headers.get("Content-Type") ?? "application/json" };
    },
  });

  const cachedFetch: typeof fetch = async (input, init) => {
    const key = contentKey(input, init);
    if (key === null) return options.upstream(new URL(requestUrl(input), "http://content.invalid").pathname, typeof init?.body === "string" ? init.body : "");
    const answer = await answers.get(key);
    return new Response(answer.body, { status: 200, headers: { "Content-Type": answer.contentType } });
  };

  return { fetch: cachedFetch, upstreamCalls: () => answers.loads(), answers };
}
