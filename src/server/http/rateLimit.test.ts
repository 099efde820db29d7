// @vitest-environment node
import { describe, expect, it } from "vitest";
import { createRateLimiter, leadsPerMinuteFromEnv } from "./rateLimit.ts";

describe("per-client rate limit", () => {
  it("lets a client make `limit` requests a window, then asks it to wait until the window ends", () => {
    let time = 0;
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000, now: () => time });
    expect([1, 2, 3].map(() => limiter.take("10.0.0.1").allowed)).toEqual([true, true, true]);
    time = 15_000;
    expect(limiter.take("10.0.0.1")).toEqual({ allowed: false, retryAfterSeconds: 45 });
    // Another client has its own budget.
    expect(limiter.take("10.0.0.2").allowed).toBe(true);
    time = 60_000;
    expect(limiter.take("10.0.0.1").allowed).toBe(true);
  });

  it("refuses everything with a limit of 0", () => {
    expect(createRateLimiter({ limit: 0, windowMs: 60_000, now: () => 0 }).take("a")).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  it("reads LEADS_PER_MINUTE, falling back to 10 for anything that is not a count", () => {
    expect(leadsPerMinuteFromEnv("25")).toBe(25);
    expect(leadsPerMinuteFromEnv("0")).toBe(0);
    for (const value of [undefined, "", "ten", "-1", "2.5"]) expect(leadsPerMinuteFromEnv(value)).toBe(10);
  });
});
