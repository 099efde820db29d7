/**
 * `npx tsx tools/bench-lead-names.ts`: five thought-paper leads whose paper name is 255,000
 * characters, sent to a server whose content service is down (so each would go to the lead
 * outbox), as issue 45 sent them (docs/security.md). Prints one JSON line: the statuses, the
 * outbox's files (database and write-ahead log) before and after, a lead with a real name kept
 * for comparison, and the load average.
 */
import { mkdtempSync, readdirSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { startSiteOnFixtures } from "../tests/siteOnFixtures.ts";
import { jsonHeaders, paperLead, send, tinyBuild } from "../tests/serverFaults.ts";
import { startFakeContentService } from "./fakeContentService.ts";

const service = await startFakeContentService();
await service.stop();
const outboxDir = mkdtempSync(join(tmpdir(), "lead-names-"));
const site = await startSiteOnFixtures({ distDir: tinyBuild(), env: { ...process.env, LOG_LEVEL: "silent", CONTENT_API_BASE: service.url, OUTBOX_DB: join(outboxDir, "outbox.sqlite"), OUTBOX_RETRY_BASE_SECONDS: "600", LEADS_PER_MINUTE: "100" } });
const outboxKb = () => Math.round(readdirSync(outboxDir).reduce((sum, file) => sum + statSync(join(outboxDir, file)).size, 0) / 102.4) / 10;
const lead = (email: string, thoughtPaperName: string) => send(site.url, { method: "POST", path: "/api/thoughtPaper/SaveUserInfo", headers: jsonHeaders, body: JSON.stringify({ ...(JSON.parse(paperLead(email)) as object), thoughtPaperName }) });
try {
  const before = outboxKb();
  const started = performance.now();
  const statuses: number[] = [];
  for (let n = 1; n <= 5; n += 1) statuses.push((await lead(`long${String(n)}@engines.example`, "P".repeat(255_000))).status);
  const ms = Math.round(performance.now() - started);
  const afterLong = outboxKb();
  const real = (await lead("real@engines.example", "The Future of Work")).status;
  console.log(JSON.stringify({ longNameStatuses: statuses, ms, outboxKb: { before, afterFiveLongNames: afterLong, afterOneRealLead: outboxKb() }, realLeadStatus: real, loadAverage: loadavg()[0]?.toFixed(2) }));
} finally {
  await site.close();
  await service.close();
}
