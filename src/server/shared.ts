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
import type { Redis as RedisClient } from "ioredis";
import { inSpan } from "./tracing.ts";

/** A Redis command in a span of its own (tracing on; the command alone otherwise). */
const traced = <T>(command: string, call: () => Promise<T>): Promise<T> => inSpan(`redis ${command}`, call);

export interface SharedStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Sets `key` only while `guard` still reads `expected` (a missing guard reads "0"); one script, so atomic. */
  setIf(key: string, value: string, ttlMs: number, guard: string, expected: string): Promise<void>;
  /**
   * The calls below throw when Redis cannot answer, instead of falling back: a revalidation must
   * know it did not drop everything (and answer 5xx so the content service sends it again).
   */
  /** Hands every key starting with `prefix` to `batch`, a few hundred at a time (SCAN: never blocks Redis). */
  scan(prefix: string, batch: (keys: string[]) => Promise<void>): Promise<void>;
  getMany(keys: readonly string[]): Promise<(string | undefined)[]>;
  /** Deletes `keys` (UNLINK: freed behind Redis's back), a few hundred per command. */
  unlink(keys: readonly string[]): Promise<void>;
  increment(key: string): Promise<number>;
  /** Counts one request in a window of `windowMs` from its first; throws while Redis is unreachable. */
  countInWindow(key: string, windowMs: number): Promise<{ current: number; ttlMs: number }>;
  /** How many subscribers (this instance's own included) received it; throws when Redis cannot take it (the other instances would not hear it). */
  publish(message: string): Promise<number>;
  onMessage(listener: (message: string) => void): void;
  /** Sets `key` only if it is not set (SET NX PX): true if this call set it, false if it was set, undefined when Redis cannot answer. */
  claim(key: string, value: string, ttlMs: number): Promise<boolean | undefined>;
  /** Deletes `key`; nothing (and a warning) when Redis cannot answer. */
  forget(key: string): Promise<void>;
  /** Whether Redis is connected now (/metrics). */
  connected(): boolean;
  close(): Promise<void>;
}

const namespace = "corvane:";
const channel = `${namespace}revalidate`;
/** Keys per SCAN, MGET and UNLINK: each command stays well inside the half-second time-out. */
const batchSize = 500;

/** KEYS[1] the value's key, KEYS[2] the guard; ARGV: the value, its ttl in ms, the guard's expected value. */
const setIfScript = `if (redis.call("GET", KEYS[2]) or "0") == ARGV[3] then
  redis.call("SET", KEYS[1], ARGV[1], "PX", ARGV[2])
  return 1
end
return 0`;

/** A count in a window that starts with the first count: KEYS[1] the counter, ARGV[1] the window in ms. Answers the count and the ms left. */
const countScript = `redis.call("SET", KEYS[1], 0, "PX", ARGV[1], "NX")
local counted = redis.call("INCR", KEYS[1])
return { counted, redis.call("PTTL", KEYS[1]) }`;

/** Connects to `url`; resolves once connected or once the first attempt failed (then it keeps trying). */
export async function connectShared(url: string, log: Pick<Console, "warn"> = console): Promise<SharedStore> {
  const options = { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 500, connectTimeout: 1000, lazyConnect: true, retryStrategy: (times: number) => Math.min(times * 100, 1000) };
  // Loaded here, not at the top: a server without REDIS_URL never loads the client (docs/operations.md#start).
  const { Redis } = await import("ioredis");
  const client: RedisClient = new Redis(url, options);
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
  const soft = async <T>(command: string, call: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await traced(command, call);
    } catch (error) {
      warn(error);
      return fallback;
    }
  };

  return {
    connected: () => client.status === "ready",
    claim: (key, value, ttlMs) => soft("SET NX", async () => (await client.set(namespace + key, value, "PX", Math.max(1, Math.round(ttlMs)), "NX")) === "OK", undefined),
    forget: (key) =>
      soft("UNLINK", async () => {
        await client.unlink(namespace + key);
      }, undefined),
    get: (key) => soft("GET", async () => (await client.get(namespace + key)) ?? undefined, undefined),
    set: (key, value, ttlMs) =>
      soft("SET", async () => {
        await client.set(namespace + key, value, "PX", Math.max(1, Math.round(ttlMs)));
      }, undefined),
    setIf: (key, value, ttlMs, guard, expected) =>
      soft("EVAL setIf", async () => {
        await client.eval(setIfScript, 2, namespace + key, namespace + guard, value, Math.max(1, Math.round(ttlMs)), expected);
      }, undefined),
    async scan(prefix, batch) {
      let cursor = "0";
      do {
        const [next, keys] = await traced("SCAN", () => client.scan(cursor, "MATCH", `${namespace}${prefix}*`, "COUNT", batchSize));
        cursor = next;
        if (keys.length > 0) await batch(keys.map((key) => key.slice(namespace.length)));
      } while (cursor !== "0");
    },
    async getMany(keys) {
      const found: (string | undefined)[] = [];
      for (let i = 0; i < keys.length; i += batchSize) {
        const values = await traced("MGET", () => client.mget(...keys.slice(i, i + batchSize).map((key) => namespace + key)));
        found.push(...values.map((value) => value ?? undefined));
      }
      return found;
    },
    async unlink(keys) {
      for (let i = 0; i < keys.length; i += batchSize) await traced("UNLINK", () => client.unlink(...keys.slice(i, i + batchSize).map((key) => namespace + key)));
    },
    increment: (key) => traced("INCR", () => client.incr(namespace + key)),
    async countInWindow(key, windowMs) {
      // One script, so one command and one promise: a MULTI's queued commands each hold a promise
      // of their own inside ioredis, and a connection closing under them rejects those unhandled
      // (which would end the process). Atomic all the same.
      const answer: unknown = await traced("EVAL count", () => client.eval(countScript, 1, namespace + key, windowMs));
      if (!Array.isArray(answer) || answer.length !== 2) throw new Error("the rate-limit count failed");
      return { current: Number(answer[0]), ttlMs: Number(answer[1]) };
    },
    async publish(message) {
      return traced("PUBLISH", () => client.publish(channel, message));
    },
    onMessage: (listener) => void listeners.push(listener),
    // disconnect, not quit: a Redis that went away must not hold the server's shutdown.
    close: () => {
      client.disconnect();
      subscriber.disconnect();
      return Promise.resolve();
    },
  };
}
