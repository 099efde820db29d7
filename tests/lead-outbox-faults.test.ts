// @vitest-environment node
/**
 * Issue 22's fault test, short: 200 leads sent to the production server (a child process)
 * while the content service is down, which then fails one call in three. Every visitor gets a
 * success answer and the service ends up holding every lead exactly once; with the server
 * killed (SIGKILL) twice while the leads arrive, no acknowledged lead is missing. The full
 * 20-second outage is `npm run bench:leads` (figures in docs/leads.md).
 */
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { runLeadScenario, type LeadScenario } from "../src/cli/leadFaults.ts";
import { tinyBuild } from "./serverFaults.ts";

const scenario = (kills: number): LeadScenario => ({
  leads: 200,
  downMs: 2_000,
  failEvery: 3,
  kills,
  retryBaseSeconds: 0.1,
  retryMaxSeconds: 1,
  timeoutSeconds: 1,
  concurrency: 10,
  drainLimitMs: 30_000,
  distDir: tinyBuild(),
  // no clock: the outbox retries in another process, on its own timers; only real time reaches it
  wait: (ms) => sleep(ms),
});

describe("leads while the content service is down, then failing one call in three", () => {
  it("acknowledges every lead, and the service ends up with all 200 exactly once", { timeout: 60_000 }, async () => {
    const figures = await runLeadScenario(scenario(0));
    expect(figures).toMatchObject({ sent: 200, acknowledged: 200, resent: 0, failures: 0, delivered: 200, missing: 0, duplicates: 0 });
    expect(figures.drainMs).not.toBeNull();
  });

  it("loses no acknowledged lead with the site server killed twice (SIGKILL) and restarted", { timeout: 90_000 }, async () => {
    const figures = await runLeadScenario(scenario(2));
    expect(figures.resent).toBeGreaterThan(0);
    // A lead written but not yet answered when the server died is sent again by its visitor: acknowledged, at worst held twice.
    expect(figures).toMatchObject({ sent: 200, acknowledged: 200, failures: 0, missing: 0 });
    expect(figures.duplicates).toBeLessThanOrEqual(figures.resent);
  });
});
