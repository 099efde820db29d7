/**
 * `npm run bench:leads`: issue 22's fault scenario at full length (tools/leadFaults.ts).
 * 200 leads to the production server while the content service is down for 20 s, then
 * failing one call in three; once as is, once with the server killed (SIGKILL) twice and
 * restarted. Prints, per run: leads sent, acknowledged, delivered, missing, duplicates and the
 * time to drain after recovery, with the load average.
 *
 * Options (env): LEADS (default 200), DOWN_SECONDS (20), OUTBOX_RETRY_BASE_SECONDS (5, the
 * product's default), OUTBOX_RETRY_MAX_SECONDS (60), DIST_DIR (default dist).
 */
import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import { setTimeout as wait } from "node:timers/promises";
import { runLeadScenario } from "./leadFaults.ts";

const number = (raw: string | undefined, fallback: number) => (raw !== undefined && Number.isFinite(Number(raw)) && Number(raw) > 0 ? Number(raw) : fallback);
const distDir = process.env.DIST_DIR ?? "dist";
if (!existsSync(`${distDir}/server/entry-server.js`)) {
  console.error(`No server build in ${distDir}/: run npm run build first.`);
  process.exit(1);
}
const load = () => loadavg().map((value) => value.toFixed(2)).join(" ");

const settings = {
  leads: Math.min(number(process.env.LEADS, 200), 5_000),
  downMs: number(process.env.DOWN_SECONDS, 20) * 1000,
  failEvery: 3,
  retryBaseSeconds: number(process.env.OUTBOX_RETRY_BASE_SECONDS, 5),
  retryMaxSeconds: number(process.env.OUTBOX_RETRY_MAX_SECONDS, 60),
  timeoutSeconds: 2,
  concurrency: 10,
  drainLimitMs: 600_000,
  distDir,
  wait: (ms: number) => wait(ms),
};
console.log(`${settings.leads} leads, service down ${settings.downMs / 1000} s then failing 1 call in ${settings.failEvery}; retries from ${settings.retryBaseSeconds} s doubling to ${settings.retryMaxSeconds} s`);
console.log(`load average before: ${load()}`);
for (const kills of [0, 2]) {
  const figures = await runLeadScenario({ ...settings, kills });
  console.log(`\n${kills === 0 ? "server up throughout" : `server killed (SIGKILL) ${kills} times and restarted`}:`);
  console.table({
    "leads sent": figures.sent,
    acknowledged: figures.acknowledged,
    "sent again (server died under them)": figures.resent,
    "non-200 answers": figures.failures,
    delivered: figures.delivered,
    "acknowledged but missing": figures.missing,
    duplicates: figures.duplicates,
    "  of which the same Idempotency-Key": figures.sameKeyDuplicates,
    "drain after recovery (s)": figures.drainMs === null ? "did not drain" : figures.drainMs / 1000,
  });
  console.log(`load average: ${load()}`);
}
