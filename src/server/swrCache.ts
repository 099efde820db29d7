/**
 * The one caching rule of the server, for content answers and rendered pages alike, on
 * lru-cache (its `fetchMethod` runs one load per key however many ask at once):
 *
 * - fresh for `freshMs`: served as it is;
 * - then, for `staleMs` more, served at once while one load refreshes it behind the visitor;
 * - older: the visitor waits for the load; when the load fails, the last good copy is served
 *   whatever its age (and the failure only when there is none);
 * - a value `keep` refuses (a 503 retry screen) is answered but never served again;
 * - a load that failed slowly (a service that hangs until the time-out) with no copy to serve
 *   fails at once for `failureHoldMs` more: each visitor meanwhile gets the failure (a menu left
 *   out, a retry screen) at once instead of waiting the time-out again. A quick failure (refused,
 *   a 500) is tried again by the next request, as it costs nobody a wait.
 *
 * With a shared store (Redis), a load first looks there: a copy another instance made is taken
 * as long as it is fresh, and every value loaded here is written there for the others.
 */
import { LRUCache } from "lru-cache";
import type { SharedStore } from "./shared.ts";

export interface SharedTier<V> {
  store: SharedStore;
  /** The key prefix of this cache in the store, e.g. "page:". */
  prefix: string;
  encode: (value: V) => unknown;
  decode: (json: unknown) => V;
}

export interface SwrOptions<V> {
  freshMs: number;
  staleMs: number;
  load: (key: string) => Promise<V>;
  keep?: (value: V) => boolean;
  /** Most values kept; the least recently used go first. */
  max?: number;
  /** How long a slow failure (see above) is answered at once (default 15 s). */
  failureHoldMs?: number;
  shared?: SharedTier<V> | undefined;
  now?: () => number;
}

export interface SwrCache<V> {
  get(key: string): Promise<V>;
  /** The value held for `key` while it is fresh, without loading anything. */
  fresh(key: string): V | undefined;
  /** How many loads actually ran here (not counting copies taken from the shared store). */
  loads(): number;
  /** The keys held here, with their values, fresh or stale. */
  entries(): [string, V][];
  /** Forgets `keys` here and in the shared store. */
  drop(keys: readonly string[]): Promise<void>;
  /** The keys the shared store holds for this cache, with their values. */
  sharedEntries(): Promise<[string, V][]>;
}

interface Stored<V> {
  value: V;
  storedAt: number;
  kept: boolean;
}

/** A failed load that took this long was a hang (a time-out), not a refusal. */
const slowFailureMs = 1_000;

export function createSwrCache<V>(options: SwrOptions<V>): SwrCache<V> {
  const now = options.now ?? Date.now;
  const keep = options.keep ?? (() => true);
  const shared = options.shared;
  let loads = 0;
  /** Keys whose last load failed slowly with nothing to serve: the failure and until when it is answered at once. */
  const heldFailures = new LRUCache<string, { error: unknown; until: number }>({ max: 1000 });
  const failureHoldMs = options.failureHoldMs ?? 15_000;

  const readShared = async (key: string): Promise<{ value: V; storedAt: number } | undefined> => {
    const raw = shared && (await shared.store.get(shared.prefix + key));
    if (!shared || raw === undefined) return undefined;
    try {
      const parsed = JSON.parse(raw) as { storedAt: number; value: unknown };
      return { value: shared.decode(parsed.value), storedAt: parsed.storedAt };
    } catch {
      return undefined;
    }
  };

  // No TTL inside lru-cache: freshness is decided by `storedAt` on our clock (tests turn it), and
  // lru-cache bounds the entries and runs one load per key (`fetch` shares a load in flight).
  const lru = new LRUCache<string, Stored<V>>({
    max: options.max ?? 1000,
    fetchMethod: async (key, stale) => {
      const copy = await readShared(key);
      if (copy && now() - copy.storedAt <= options.freshMs) return { ...copy, kept: true };
      loads += 1;
      const started = now();
      try {
        const value = await options.load(key);
        const stored = { value, storedAt: now(), kept: keep(value) };
        if (stored.kept && shared) void shared.store.set(shared.prefix + key, JSON.stringify({ storedAt: stored.storedAt, value: shared.encode(value) }), options.freshMs + options.staleMs);
        return stored;
      } catch (error) {
        // The last good copy, whatever its age (still tried again on the next request).
        const lastGood = stale?.kept ? stale : copy && { ...copy, kept: true };
        if (!lastGood) {
          if (now() - started >= slowFailureMs) heldFailures.set(key, { error, until: now() + failureHoldMs });
          throw error;
        }
        console.warn(`loading ${key.split("\n")[0] ?? key} failed, serving the last good copy: ${String(error)}`);
        return lastGood;
      }
    },
  });

  return {
    async get(key) {
      const failure = heldFailures.get(key);
      if (failure && now() < failure.until) throw failure.error;
      const held = lru.peek(key);
      const age = held ? now() - held.storedAt : Number.POSITIVE_INFINITY;
      if (held?.kept && age <= options.freshMs) {
        lru.get(key); // most recently used
        return held.value;
      }
      // Stale within its window: answered at once while one load runs behind it; else the visitor waits for the load.
      const stored = await lru.fetch(key, { forceRefresh: true, allowStale: held?.kept === true && age <= options.freshMs + options.staleMs });
      if (!stored) throw new Error(`nothing could be loaded for ${key}`);
      return stored.value;
    },
    fresh(key) {
      const held = lru.peek(key);
      return held?.kept && now() - held.storedAt <= options.freshMs ? held.value : undefined;
    },
    loads: () => loads,
    entries: () => [...lru.entries()].map(([key, stored]) => [key, stored.value]),
    async drop(keys) {
      for (const key of keys) {
        lru.delete(key);
        heldFailures.delete(key);
      }
      if (shared) await shared.store.del(keys.map((key) => shared.prefix + key));
    },
    async sharedEntries() {
      if (!shared) return [];
      const keys = (await shared.store.keys(shared.prefix)).map((key) => key.slice(shared.prefix.length));
      const found = await Promise.all(keys.map(async (key) => [key, await readShared(key)] as const));
      return found.flatMap(([key, copy]) => (copy ? [[key, copy.value] as [string, V]] : []));
    },
  };
}
