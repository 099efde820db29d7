/**
 * The content service's answers, shared between visitors (and, with Redis, between instances):
 * each answer, by call and request body, kept under the server's one caching rule
 * (swrCache.ts): fresh, then stale while one refresh runs, and the last good copy whatever its
 * age when the service fails. However many visitors ask at once, one call per answer goes out.
 */
import * as z from "zod/mini";
import { contentCallNames } from "../content/calls.ts";
import { embeddedOrigin, fetchThrough, type FetchHandler } from "./http/fetchHandler.ts";
import type { SharedStore } from "./shared.ts";
import { createSwrCache, type CacheOutcome, type SwrCache } from "./swrCache.ts";
import type { Note } from "./tracing.ts";

export interface ContentCacheOptions {
  /** The content service's origin (CONTENT_API_BASE, no trailing slash); ignored with `inProcess`. */
  base: string;
  /** The content service as a Fetch handler in this process (the embedded fixture service): called directly, no network. */
  inProcess?: FetchHandler | null | undefined;
  /** One call's time-out over the network, the only one a content call has (CONTENT_TIMEOUT_SECONDS). */
  timeoutMs: number;
  /** The network (tests pass a fake service); default the global fetch. */
  fetch?: typeof fetch;
  freshMs: number;
  staleMs: number;
  now?: () => number;
  /** Most answers kept; the least recently used go first (list searches and strangers' addresses make the key space open). */
  maxEntries?: number;
  /** Most bytes of answers kept. */
  maxBytes?: number;
  shared?: SharedStore | undefined;
  warn?: (message: string) => void;
  /** Told how each cached call was answered (/metrics). */
  observe?: (outcome: CacheOutcome) => void;
  /** Runs each cached call in a span (the server's, ./tracing.ts); without it, the call alone. */
  span?: <T>(name: string, fn: (note?: Note) => Promise<T>) => Promise<T>;
}

const ContentAnswerSchema = z.object({ body: z.string(), contentType: z.string() });
export type ContentAnswer = z.infer<typeof ContentAnswerSchema>;

export interface ContentCache {
  /** A fetch for the renderer: POST calls answered from the cache; anything else goes straight on. */
  fetch: typeof fetch;
  /** The same, adding the key of each cached call to `deps` (what a rendered page was made of). */
  recording(deps: Set<string>): typeof fetch;
  /**
   * A fetch straight to the service with `headers` added (a preview's token), past the cache and
   * its single flight: every call goes out, and nothing it answers is kept here or in Redis.
   */
  uncached(headers: Record<string, string>): typeof fetch;
  /** How many calls actually went to the content service from this instance. */
  upstreamCalls: () => number;
  answers: SwrCache<ContentAnswer, ContentCall>;
}

/** A content call: its path on the service and its JSON body. */
export interface ContentCall {
  path: string;
  body: string;
}

/**
 * What a content answer holds, read from its cache key (`<call path>\n<JSON body>`, made by
 * contentCall below): the one reading of the key, for the edge's tags (./edge/cacheTags.ts) and
 * the publish webhook's drops (./revalidate.ts).
 */
export type KeyedContent = { call: "page"; name: string } | { call: "list"; contentType: number } | { call: "menus" } | { call: "resources" } | { call: "redirects" } | { call: "other" };

export function contentOfKey(key: string): KeyedContent {
  const newline = key.indexOf("\n");
  const path = newline === -1 ? key : key.slice(0, newline);
  const json = (): unknown => {
    try {
      return JSON.parse(newline === -1 ? "" : key.slice(newline + 1));
    } catch {
      return undefined;
    }
  };
  switch (contentCallNames.get(path.toLowerCase())) {
    case "page": {
      const name = json();
      return typeof name === "string" ? { call: "page", name } : { call: "other" };
    }
    case "contentList": {
      const query = json();
      const contentType = typeof query === "object" && query !== null && "contentType" in query ? query.contentType : undefined;
      return typeof contentType === "number" ? { call: "list", contentType } : { call: "other" };
    }
    case "menus":
      return { call: "menus" };
    case "resources":
      return { call: "resources" };
    case "redirectList":
      return { call: "redirects" };
    default:
      return { call: "other" };
  }
}

/** The address of a fetch call, whatever form it was given in. */
export const requestUrl = (input: RequestInfo | URL): string => (typeof input === "string" ? input : input instanceof URL ? input.href : input.url);

/** The call a fetch makes, with its cache key (path and body), or a null key for a call that is not cached (not a POST with a text body). */
function contentCall(input: Parameters<typeof fetch>[0], init?: RequestInit): { call: ContentCall; key: string | null } {
  const path = new URL(requestUrl(input), "http://content.invalid").pathname;
  const body = typeof init?.body === "string" ? init.body : null;
  const cached = (init?.method ?? "GET").toUpperCase() === "POST" && body !== null;
  return { call: { path, body: body ?? "" }, key: cached ? `${path}\n${body}` : null };
}

/** The default bounds of the content answers kept in one process (CONTENT_CACHE_ENTRIES, CONTENT_CACHE_MB). */
export const contentCacheDefaults = { entries: 5000, megabytes: 64 } as const;

export function createContentCache(options: ContentCacheOptions): ContentCache {
  const origin = options.inProcess ? embeddedOrigin : options.base;
  const network = options.fetch ?? fetch;
  const send: typeof fetch = options.inProcess ? fetchThrough(options.inProcess, embeddedOrigin) : (url, init) => network(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs) });
  const upstream = ({ path, body }: ContentCall, headers: Record<string, string> = {}) => send(`${origin}${path}`, { method: "POST", body, headers: { "Content-Type": "application/json", Accept: "application/json", ...headers } });

  const answers = createSwrCache<ContentAnswer, ContentCall>({
    freshMs: options.freshMs,
    staleMs: options.staleMs,
    max: options.maxEntries ?? contentCacheDefaults.entries,
    maxBytes: options.maxBytes ?? contentCacheDefaults.megabytes * 1024 * 1024,
    sizeOf: (answer) => answer.body.length * 2,
    ...(options.now ? { now: options.now } : {}),
    ...(options.warn ? { warn: options.warn } : {}),
    // Written to Redis only with a page that is (`publish`, from the page cache): a stranger's random address's answer stays here.
    shared: options.shared && { store: options.shared, prefix: "content:", encode: (answer) => answer, decode: (json) => ContentAnswerSchema.parse(json), shareable: () => false },
    async load(_key, call) {
      const response = await upstream(call);
      // Only a good answer is kept; an error answer is the service failing.
      if (response.status !== 200) throw new Error(`${call.path} answered ${response.status}`);
      return { body: await response.text(), contentType: response.headers.get("Content-Type") ?? "application/json" };
    },
  });

  const recording =
    (deps: Set<string> | null): typeof fetch =>
    async (input, init) => {
      const { call, key } = contentCall(input, init);
      if (key === null) return upstream(call);
      deps?.add(key);
      const answer = async (note?: Note) => {
        const { value, cache } = await answers.lookup(key, call);
        note?.({ "cache.outcome": cache });
        options.observe?.(cache);
        return new Response(value.body, { status: 200, headers: { "Content-Type": value.contentType } });
      };
      // Traced, a span per content call (a fetch to the service within it when it was not held).
      return options.span ? options.span(`content ${call.path}`, answer) : answer();
    };

  const uncached =
    (headers: Record<string, string>): typeof fetch =>
    (input, init) =>
      upstream(contentCall(input, init).call, headers);

  return { fetch: recording(null), recording, uncached, upstreamCalls: () => answers.loads(), answers };
}
