/**
 * What several instances of the site share when REDIS_URL is set: rendered pages, content
 * answers, rate-limit counts, the leads' duplicate check, and the revalidation messages
 * (pub/sub). Client: ioredis, whose replies and reconnects the rate-limit plugin and these
 * calls rely on (docs/server.md says why).
 *
 * Redis is never in a visitor's way: commands fail at once while it is unreachable (no offline
 * queue) or after half a second, every caller falls back to its in-process copy, and one
 * warning per outage says so. The client keeps reconnecting; shared answers resume by themselves.
 */
import { Redis } from "ioredis";

export interface SharedStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  del(keys: readonly string[]): Promise<void>;
  /** Every key starting with `prefix` (SCAN: never blocks Redis). */
  keys(prefix: string): Promise<string[]>;
  /** Counts one request in a window of `windowMs` from its first; throws while Redis is unreachable. */
  countInWindow(key: string, windowMs: number): Promise<{ current: number; ttlMs: number }>;
  publish(message: string): Promise<void>;
  onMessage(listener: (message: string) => void): void;
  close(): Promise<void>;
}

const namespace = "corvane:";
const channel = `${namespace}revalidate`;

/** A count in a window that starts with the first count: KEYS[1] the counter, ARGV[1] the window in ms. Answers the count and the ms left. */
const countScript = `redis.call("SET", KEYS[1], 0, "PX", ARGV[1], "NX")
local counted = redis.call("INCR", KEYS[1])
return { counted, redis.call("PTTL", KEYS[1]) }`;

/** Connects to `url`; resolves once connected or once the first attempt failed (then it keeps trying). */
export async function connectShared(url: string, log: Pick<Console, "warn"> = console): Promise<SharedStore> {
  const options = { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 500, connectTimeout: 1000, lazyConnect: true, retryStrategy: (times: number) => Math.min(times * 100, 1000) };
  const client = new Redis(url, options);
  // The subscriber queues its SUBSCRIBE until connected, and subscribes again after each reconnect.
  const subscriber = new Redis(url, { ...options, enableOfflineQueue: true, commandTimeout: undefined });
  let down = false;
  const warn = (error: unknown) => {
    if (down) return;
    down = true;
    log.warn(`Redis (${url}) is unreachable, serving from this instance's own caches meanwhile: ${error instanceof Error ? error.message : String(error)}`);
  };
  client.on("error", warn);
  subscriber.on("error", () => undefined);
  client.on("ready", () => (down = false));
  const listeners: ((message: string) => void)[] = [];
  subscriber.on("message", (_channel: string, message: string) => listeners.forEach((listener) => listener(message)));
  await Promise.all([client.connect().catch(warn), subscriber.connect().catch(() => undefined)]);
  void subscriber.subscribe(channel).catch(() => undefined);

  /** The answer of a call, or `fallback` (and a warning) when Redis cannot give one. */
  const soft = async <T>(call: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      warn(error);
      return fallback;
    }
  };

  return {
    get: (key) => soft(async () => (await client.get(namespace + key)) ?? undefined, undefined),
    set: (key, value, ttlMs) =>
      soft(async () => {
        await client.set(namespace + key, value, "PX", Math.max(1, Math.round(ttlMs)));
      }, undefined),
    del: (keys) =>
      soft(async () => {
        if (keys.length > 0) await client.unlink(...keys.map((key) => namespace + key));
      }, undefined),
    keys: (prefix) =>
      soft(async () => {
        const found: string[] = [];
        for await (const batch of client.scanStream({ match: `${namespace}${prefix}*`, count: 500 })) found.push(...(batch as string[]).map((key) => key.slice(namespace.length)));
        return found;
      }, []),
    async countInWindow(key, windowMs) {
      // One script, so one command and one promise: a MULTI's queued commands each hold a promise
      // of their own inside ioredis, and a connection closing under them rejects those unhandled
      // (which would end the process). Atomic all the same.
      const answer: unknown = await client.eval(countScript, 1, namespace + key, windowMs);
      if (!Array.isArray(answer) || answer.length !== 2) throw new Error("the rate-limit count failed");
      return { current: Number(answer[0]), ttlMs: Number(answer[1]) };
    },
    publish: (message) =>
      soft(async () => {
        await client.publish(channel, message);
      }, undefined),
    onMessage: (listener) => void listeners.push(listener),
    // disconnect, not quit: a Redis that went away must not hold the server's shutdown.
    close: () => {
      client.disconnect();
      subscriber.disconnect();
      return Promise.resolve();
    },
  };
}
