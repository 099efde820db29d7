/**
 * A per-client request budget: at most `limit` requests in each `windowMs` window per key
 * (the client's address). Enough to stop a flood of leads from one client without a store.
 */
export interface RateLimitOptions {
  limit: number;
  windowMs: number;
  now?: () => number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  take(key: string): RateDecision;
}

/** Windows kept before expired ones are swept, so a spread of addresses cannot grow memory for long. */
const sweepAbove = 10_000;

export function createRateLimiter({ limit, windowMs, now = Date.now }: RateLimitOptions): RateLimiter {
  const windows = new Map<string, { startedAt: number; count: number }>();
  return {
    take(key) {
      const time = now();
      if (windows.size > sweepAbove) {
        for (const [k, w] of windows) if (time - w.startedAt >= windowMs) windows.delete(k);
      }
      const current = windows.get(key);
      if (!current || time - current.startedAt >= windowMs) {
        windows.set(key, { startedAt: time, count: 1 });
        return limit >= 1 ? { allowed: true } : { allowed: false, retryAfterSeconds: Math.ceil(windowMs / 1000) };
      }
      current.count += 1;
      if (current.count <= limit) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((current.startedAt + windowMs - time) / 1000)) };
    },
  };
}

export const defaultLeadsPerMinute = 10;

/** LEADS_PER_MINUTE: the leads one client may send per minute (default 10). */
export function leadsPerMinuteFromEnv(value: string | undefined): number {
  const parsed = value === undefined || value.trim() === "" ? NaN : Number(value);
  return Number.isInteger(parsed) && parsed >= 0 ? parsed : defaultLeadsPerMinute;
}
