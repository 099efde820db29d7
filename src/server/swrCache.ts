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
 * as long as it is fresh, and a value loaded here is written there for the others when the tier
 * says it is to be shared (`shareable`; else only when `publish` names it).
 *
 * Bounds: at most `max` values and `maxBytes` of them (`sizeOf`), the least recently used going
 * first; a value `keep` refuses is answered to the callers waiting for its load and then
 * forgotten, so values that are never kept (a stranger's random address) take no room at all.
 *
 * A revalidation cannot be missed by a load already running: each drop turns this cache's
 * generation (here, and in Redis for the shared copies), and a load that finishes under another
 * generation than it started in answers its visitor but is neither kept here nor written to
 * Redis (a script writes it only while Redis's generation is still the one read at the start).
 * One generation per cache rather than per key: a load cannot know beforehand which content it
 * will read, revalidations are rare, and a load overlapping one costs only one more render.
 */
import { LRUCache } from "lru-cache";
import type { SharedStore } from "./shared.ts";

export interface SharedTier<V> {
  store: SharedStore;
  /** The key prefix of this cache in the store, e.g. "page:". */
  prefix: string;
  encode: (value: V) => unknown;
  decode: (json: unknown) => V;
  /** The other keys a value was made of (a page's content answers), kept beside it so a revalidation finds it without loading it. */
  deps?: (value: V) => readonly string[];
  /** Whether a value loaded here is written to the store (default: every value kept); the others reach it only through `publish`. */
  shareable?: (value: V, key: string) => boolean;
  /** Told of each value written to the store as it was loaded (a page: its content answers are published with it). */
  written?: (value: V) => void;
}

/**
 * `C`: what a load needs beyond the key, handed over by `get` (a content call's path and body,
 * so the key is never taken apart again); a load shared by several callers gets the first's.
 */
export interface SwrOptions<V, C = undefined> {
  freshMs: number;
  staleMs: number;
  load: (key: string, context: C) => Promise<V>;
  /** Whether a loaded value is kept (and served again); one that is not is answered once and forgotten. */
  keep?: (value: V, key: string) => boolean;
  /** Most values kept; the least recently used go first. */
  max?: number;
  /** Most bytes of values kept (with `sizeOf`); the least recently used go first. */
  maxBytes?: number;
  /** A value's size in bytes, for `maxBytes`. */
  sizeOf?: (value: V) => number;
  /** How long a slow failure (see above) is answered at once (default 15 s). */
  failureHoldMs?: number;
  shared?: SharedTier<V> | undefined;
  now?: () => number;
  /** Where a load that failed with a copy to serve is reported (the server's log). */
  warn?: (message: string) => void;
}

export interface SwrCache<V, C = undefined> {
  get(key: string, ...context: C extends undefined ? [] : [C]): Promise<V>;
  /** The same, saying how it was answered (for the request log and /metrics). */
  lookup(key: string, ...context: C extends undefined ? [] : [C]): Promise<{ value: V; cache: CacheOutcome }>;
  /** The value held for `key` while it is fresh, without loading anything. */
  fresh(key: string): V | undefined;
  /** How many loads actually ran here (not counting copies taken from the shared store). */
  loads(): number;
  /** The keys held here, with their values, fresh or stale. */
  entries(): [string, V][];
  /** Forgets `keys` here (and that a load running now is superseded: it will not be kept). */
  dropHere(keys: readonly string[]): void;
  /** Forgets everything here, failures held included (`npm run dev`, after a change of its sources). */
  dropAllHere(): void;
  /**
   * The shared copies, for a revalidation; each call throws when Redis cannot answer. `supersede`
   * first turns the shared generation, so no load running anywhere writes an older copy after.
   */
  shared?: {
    /** Writes the values held here for `keys` to the store (those a tier does not write as they load: a shared page's content answers). */
    publish(keys: readonly string[]): Promise<void>;
    supersede(): Promise<void>;
    /** Every shared key with the keys its value was made of, a few hundred at a time, without loading the values. */
    scan(batch: (entries: [string, readonly string[]][]) => Promise<void>): Promise<void>;
    drop(keys: readonly string[]): Promise<void>;
  };
}

/** How a value was answered: held and fresh; held but stale (one refresh runs behind it); or loaded while the caller waited (a copy from the shared store included). */
export type CacheOutcome = "hit" | "stale" | "miss";

interface Stored<V> {
  value: V;
  storedAt: number;
  kept: boolean;
}

const parseDeps = (raw: string | undefined): string[] => {
  try {
    const deps: unknown = JSON.parse(raw ?? "[]");
    return Array.isArray(deps) ? deps.filter((dep): dep is string => typeof dep === "string") : [];
  } catch {
    return [];
  }
};

/** A failed load that took this long was a hang (a time-out), not a refusal. */
const slowFailureMs = 1_000;

export function createSwrCache<V, C = undefined>(options: SwrOptions<V, C>): SwrCache<V, C> {
  const now = options.now ?? Date.now;
  const keep = options.keep ?? (() => true);
  const shared = options.shared;
  let loads = 0;
  /** Turned by each drop; a load finishing under another generation than it started in is not kept. */
  let generation = 0;
  const generationKey = `generation:${shared?.prefix ?? ""}`;
  const depsKey = (key: string) => `deps:${shared?.prefix ?? ""}${key}`;
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
  // The context travels through lru-cache as `unknown` (its types cannot follow a generic one); only `get` below puts one in, typed `C`.
  const sizeOf = options.sizeOf;
  const lru = new LRUCache<string, Stored<V>, unknown>({
    max: options.max ?? 1000,
    ...(options.maxBytes !== undefined && sizeOf ? { maxSize: options.maxBytes, sizeCalculation: (stored: Stored<V>) => Math.max(1, sizeOf(stored.value)) } : {}),
    // A drop deletes a key whose load is running; the load still answers the visitors waiting on it.
    ignoreFetchAbort: true,
    fetchMethod: async (key, stale, { context }) => {
      const startedIn = generation;
      const [copy, sharedGeneration] = await Promise.all([readShared(key), shared?.store.getMany([generationKey]).then(([read]) => read ?? "0", () => undefined)]);
      if (copy && now() - copy.storedAt <= options.freshMs && startedIn === generation) return { ...copy, kept: true };
      loads += 1;
      const started = now();
      try {
        const value = await options.load(key, context as C);
        const stored = { value, storedAt: now(), kept: keep(value, key) && startedIn === generation };
        // Redis's generation unread (Redis away at the start): nothing is written, as it could predate a revalidation.
        if (stored.kept && sharedGeneration !== undefined && (shared?.shareable ?? (() => true))(value, key)) {
          writeShared(key, stored, sharedGeneration);
          shared?.written?.(value);
        }
        return stored;
      } catch (error) {
        // The last good copy, whatever its age (still tried again on the next request).
        const lastGood = stale?.kept ? stale : copy && { ...copy, kept: true };
        if (!lastGood) {
          if (now() - started >= slowFailureMs) heldFailures.set(key, { error, until: now() + failureHoldMs });
          throw error;
        }
        (options.warn ?? console.warn)(`loading ${key.split("\n")[0] ?? key} failed, serving the last good copy: ${String(error)}`);
        return lastGood;
      }
    },
  });

  /** Writes a kept value to the store, for fresh + stale time, unless a revalidation has turned the store's generation since `expected` was read. */
  function writeShared(key: string, stored: Stored<V>, expected: string) {
    if (!shared) return;
    const ttlMs = options.freshMs + options.staleMs;
    void shared.store.setIf(shared.prefix + key, JSON.stringify({ storedAt: stored.storedAt, value: shared.encode(stored.value) }), ttlMs, generationKey, expected);
    const deps = shared.deps?.(stored.value);
    if (deps) void shared.store.setIf(depsKey(key), JSON.stringify(deps), ttlMs, generationKey, expected);
  }

  /** `context`: what `get`'s caller handed over for the load (typed `C` there). */
  const lookup = async (key: string, context: unknown): Promise<{ value: V; cache: CacheOutcome }> => {
    const failure = heldFailures.get(key);
    if (failure && now() < failure.until) throw failure.error;
    const held = lru.peek(key);
    const age = held ? now() - held.storedAt : Number.POSITIVE_INFINITY;
    if (held?.kept && age <= options.freshMs) {
      lru.get(key); // most recently used
      return { value: held.value, cache: "hit" };
    }
    // Stale within its window: answered at once while one load runs behind it; else the visitor waits for the load.
    const staleServed = held?.kept === true && age <= options.freshMs + options.staleMs;
    const stored = await lru.fetch(key, { forceRefresh: true, allowStale: staleServed, context });
    if (!stored) throw new Error(`nothing could be loaded for ${key}`);
    // Answered, and not kept: it takes no room (a page that is never served again, a random address's answer).
    if (!stored.kept && lru.peek(key) === stored) lru.delete(key);
    return { value: stored.value, cache: staleServed && stored === held ? "stale" : "miss" };
  };

  return {
    get: async (key, ...context) => (await lookup(key, context[0])).value,
    lookup: (key, ...context) => lookup(key, context[0]),
    fresh(key) {
      const held = lru.peek(key);
      return held?.kept && now() - held.storedAt <= options.freshMs ? held.value : undefined;
    },
    loads: () => loads,
    entries: () => [...lru.entries()].map(([key, stored]) => [key, stored.value]),
    dropHere(keys) {
      generation += 1;
      for (const key of keys) {
        lru.delete(key);
        heldFailures.delete(key);
      }
    },
    dropAllHere() {
      generation += 1;
      lru.clear();
      heldFailures.clear();
    },
    shared: shared && {
        async publish(keys) {
          const [expected] = await shared.store.getMany([generationKey]);
          for (const key of keys) {
            const held = lru.peek(key);
            if (held?.kept) writeShared(key, held, expected ?? "0");
          }
        },
        async supersede() {
          await shared.store.increment(generationKey);
        },
        async scan(batch) {
          await shared.store.scan(shared.prefix, async (keys) => {
            const names = keys.map((key) => key.slice(shared.prefix.length));
            if (!shared.deps) return batch(names.map((name) => [name, []]));
            const deps = await shared.store.getMany(names.map(depsKey));
            return batch(names.map((name, i) => [name, parseDeps(deps[i])]));
          });
        },
        async drop(keys) {
          await shared.store.unlink(keys.flatMap((key) => [shared.prefix + key, ...(shared.deps ? [depsKey(key)] : [])]));
        },
      },
  };
}
