/**
 * Rendered pages, kept like the content they are made of: a page is a function of its address
 * and the content answers, so for as long as those answers are fresh the same HTML is sent
 * again instead of being rendered again. Stale pages are served while one render refreshes
 * them; a page whose render fails (503) is never kept. Bounded: the least recently used go first.
 */
import { rememberLatest, singleFlight } from "./singleFlight.ts";

export interface PageCacheOptions<T> {
  freshMs: number;
  staleMs: number;
  /** Whether a result may be kept (a 503 retry screen may not). */
  keep: (result: T) => boolean;
  now?: () => number;
  maxEntries?: number;
}

export interface PageCache<T> {
  get(key: string, render: () => Promise<T>): Promise<T>;
  /** How many renders actually ran. */
  renders(): number;
}

export function createPageCache<T>(options: PageCacheOptions<T>): PageCache<T> {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 500;
  const entries = new Map<string, { value: T; storedAt: number }>();
  let count = 0;

  const once = singleFlight<T>();
  const refresh = (key: string, render: () => Promise<T>): Promise<T> =>
    once(key, async () => {
      count += 1;
      const value = await render();
      if (options.keep(value)) rememberLatest(entries, key, { value, storedAt: now() }, maxEntries);
      else entries.delete(key);
      return value;
    });

  return {
    get(key, render) {
      const entry = entries.get(key);
      if (entry) {
        const age = now() - entry.storedAt;
        if (age <= options.freshMs + options.staleMs) {
          // Most recently used last, so the first key is the one to evict.
          rememberLatest(entries, key, entry, maxEntries);
          if (age > options.freshMs) refresh(key, render).catch((error: unknown) => console.warn(`refreshing ${key} failed:`, error));
          return Promise.resolve(entry.value);
        }
      }
      return refresh(key, render);
    },
    renders: () => count,
  };
}
