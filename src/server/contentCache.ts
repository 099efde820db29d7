/**
 * The one thing the production server shares between visitors: the content service's answers.
 * Each answer (by call and request body) is kept for `freshMs`; after that it is still served
 * for `staleMs` while one refresh runs behind it (stale-while-revalidate), and it is served
 * whatever its age when the service fails (the last good copy). However many visitors ask at
 * once, one call per answer goes out.
 */
import { rememberLatest, singleFlight } from "./singleFlight.ts";
import { requestUrl } from "../content/requestUrl.ts";

export interface ContentCacheOptions {
  /** The content service: a POST with a JSON body. */
  upstream: (path: string, body: string) => Promise<Response>;
  freshMs: number;
  staleMs: number;
  now?: () => number;
  /** Most answers kept; the oldest go first (list searches make the key space open). */
  maxEntries?: number;
}

interface Entry {
  body: string;
  contentType: string;
  storedAt: number;
}

export class UpstreamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UpstreamError";
  }
}

export interface ContentCache {
  /** A fetch for the renderer: POST calls answered from the cache; anything else goes straight on. */
  fetch: typeof fetch;
  /** How many calls actually went to the content service. */
  upstreamCalls: () => number;
  clear: () => void;
}

export function createContentCache(options: ContentCacheOptions): ContentCache {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 5000;
  const entries = new Map<string, Entry>();
  let calls = 0;

  const once = singleFlight<Entry>();
  const refresh = (key: string, path: string, body: string): Promise<Entry> =>
    once(key, async () => {
      calls += 1;
      const response = await options.upstream(path, body);
      // Only a good answer is kept; an error answer is the service failing.
      if (response.status !== 200) throw new UpstreamError(`${path} answered ${response.status}`);
      const entry = { body: await response.text(), contentType: response.headers.get("Content-Type") ?? "application/json", storedAt: now() };
      rememberLatest(entries, key, entry, maxEntries);
      return entry;
    });

  const answer = (entry: Entry) => new Response(entry.body, { status: 200, headers: { "Content-Type": entry.contentType } });

  const cachedFetch: typeof fetch = async (input, init) => {
    const url = new URL(requestUrl(input), "http://content.invalid");
    const body = typeof init?.body === "string" ? init.body : null;
    if ((init?.method ?? "GET").toUpperCase() !== "POST" || body === null) return options.upstream(url.pathname, body ?? "");
    const key = `${url.pathname}\n${body}`;
    const entry = entries.get(key);
    const age = entry ? now() - entry.storedAt : Number.POSITIVE_INFINITY;
    if (entry && age <= options.freshMs) return answer(entry);
    if (entry && age <= options.freshMs + options.staleMs) {
      refresh(key, url.pathname, body).catch((error: unknown) => console.warn(`content refresh failed, serving the older copy: ${String(error)}`));
      return answer(entry);
    }
    try {
      return answer(await refresh(key, url.pathname, body));
    } catch (error) {
      if (entry) {
        console.warn(`content service failed, serving the last good copy: ${String(error)}`);
        return answer(entry);
      }
      throw error;
    }
  };

  return { fetch: cachedFetch, upstreamCalls: () => calls, clear: () => entries.clear() };
}
