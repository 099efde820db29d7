/**
 * `npm run bench:load`: the production server (built dist/, fixture service) under load and
 * faults, on loopback only, bounded in requests and time. It runs the server in a child
 * process, so the memory measured is the server's own, and prints:
 *
 * - throughput and latency (p50, p99) of GET /Home and POST /api/page/get at 50 clients;
 * - the server's memory while 100 MB bodies are sent (5 at once, to a page and a lead call);
 * - /Home latency while another connection holds the leads database locked (leads get 503);
 * - what a flood of leads from one client gets (429 past the per-client budget).
 *
 * Options (env): LOAD_SECONDS (per phase, default 5), LOAD_CLIENTS (default 50), DIST_DIR.
 */
import Database from "better-sqlite3";
import { existsSync, mkdtempSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as wait } from "node:timers/promises";
import { pathTo } from "../content/paths.ts";
import { startChildServer, type ChildServer } from "./childServer.ts";

/** The page a visitor asks for while the server is under load. */
const homePath = pathTo("home");

const seconds = Math.min(Number(process.env.LOAD_SECONDS ?? 5), 30);
const clients = Math.min(Number(process.env.LOAD_CLIENTS ?? 50), 200);
/** Hard caps, whatever the options: the test always stops by itself. */
const maxRequestsPerPhase = 200_000;
const distDir = process.env.DIST_DIR ?? "dist";
const MB = 1024 * 1024;

interface Answer {
  status: number;
  ms: number;
}

function call(base: URL, options: { method?: string; path: string; headers?: Record<string, string | number>; body?: string; agent?: Agent; localAddress?: string }): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(
      { hostname: base.hostname, port: base.port, method: options.method ?? "GET", path: options.path, headers: options.headers, agent: options.agent ?? false, ...(options.localAddress ? { localAddress: options.localAddress } : {}) },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(options.body);
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const round = (value: number, digits = 1) => Number(value.toFixed(digits));

/** `clients` loops sending one request each until the phase's time or request cap is reached. */
async function hammer(base: URL, make: () => Parameters<typeof call>[1]) {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const answers: Answer[] = [];
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until && answers.length < maxRequestsPerPhase) answers.push(await call(base, { ...make(), agent }));
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  const ms = answers.map((a) => a.ms);
  return {
    requests: answers.length,
    failed: answers.filter((a) => a.status !== 200).length,
    perSecond: Math.round(answers.length / elapsed),
    p50ms: round(percentile(ms, 50)),
    p99ms: round(percentile(ms, 99)),
  };
}

/** A body of `size` bytes streamed in 1 MB chunks (never held whole by this process either). */
function sendHugeBody(base: URL, path: string, size: number, declared: boolean): Promise<number> {
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = { "Content-Type": "multipart/form-data; boundary=x" };
    if (declared) headers["Content-Length"] = size;
    const req = request({ hostname: base.hostname, port: base.port, method: "POST", path, headers, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", () => resolve(0));
    const chunk = Buffer.alloc(MB, 120);
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      req.end();
    };
    pump();
  });
}

async function memoryUnderHugeBodies(server: ChildServer, base: URL) {
  await wait(500);
  const baseline = server.rss();
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, server.rss())), 20);
  const started = performance.now();
  const targets = [homePath, "/api/contactus/create", "/api/page/get", "/api/thoughtPaper/SaveUserInfo", homePath];
  const statuses: number[] = [];
  // Rounds of 10 bodies at once (5 declared with Content-Length, 5 chunked) for a few seconds.
  const until = performance.now() + Math.min(seconds, 3) * 1000;
  while (performance.now() < until) {
    statuses.push(...(await Promise.all(targets.flatMap((path, i) => [sendHugeBody(base, path, 100 * MB, i % 2 === 0), sendHugeBody(base, path, 100 * MB, i % 2 === 1)]))));
  }
  const elapsedMs = performance.now() - started;
  // And a visitor meanwhile.
  const page = await call(base, { path: homePath });
  clearInterval(sampler);
  return {
    bodies: statuses.length,
    answered413: statuses.filter((s) => s === 413).length,
    // The server closes the connection on a refused body; a client still writing may see the reset first.
    cutOff: statuses.filter((s) => s === 0).length,
    accepted: statuses.filter((s) => s !== 413 && s !== 0).length,
    baselineMB: round(baseline / MB),
    peakMB: round(peak / MB),
    growthMB: round((peak - baseline) / MB),
    overMs: Math.round(elapsedMs),
    homeAfterwards: page.status,
  };
}

/** /Home latencies from 10 clients for a few seconds. */
async function homeLatencies(base: URL, until: number): Promise<number[]> {
  const home: number[] = [];
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (performance.now() < until) home.push((await call(base, { path: homePath })).ms);
    }),
  );
  return home;
}

async function homeWhileLeadsLocked(base: URL, leadsDb: string) {
  // The same load without the lock first: what the lock adds is the difference.
  const unlocked = await homeLatencies(base, performance.now() + Math.min(seconds, 3) * 1000);
  const lock = new Database(leadsDb);
  lock.exec("BEGIN EXCLUSIVE");
  const lead = JSON.stringify({ name: "Load Test", Organisation: "Bench", email: "load@bench.example", contactNumber: "4045550142", token: "local-test-token", thoughtPaperName: "The State of Intelligent Automation 2026" });
  let home: number[] = [];
  const leadStatuses: number[] = [];
  const until = performance.now() + Math.min(seconds, 3) * 1000;
  try {
    await Promise.all([
      homeLatencies(base, until).then((ms) => (home = ms)),
      // Lead writes keep arriving while locked, each from its own address so the rate limit stays out of it.
      ...Array.from({ length: 5 }, async (_, i) => {
        while (performance.now() < until) {
          leadStatuses.push((await call(base, { method: "POST", path: "/api/thoughtPaper/SaveUserInfo", headers: { "Content-Type": "application/json" }, body: lead, localAddress: `127.0.1.${leadStatuses.length % 250 + 1}` })).status);
          await wait(20 * i);
        }
      }),
    ]);
  } finally {
    lock.exec("ROLLBACK");
    lock.close();
  }
  const after = await call(base, { method: "POST", path: "/api/thoughtPaper/SaveUserInfo", headers: { "Content-Type": "application/json" }, body: lead, localAddress: "127.0.2.1" });
  return {
    homeUnlockedP99ms: round(percentile(unlocked, 99)),
    homeRequests: home.length,
    homeP99ms: round(percentile(home, 99)),
    homeMaxMs: round(Math.max(...home)),
    leadAnswers: leadStatuses.length,
    lead503: leadStatuses.filter((s) => s === 503).length,
    leadAfterUnlock: after.status,
  };
}

async function flood(base: URL) {
  const statuses: number[] = [];
  const lead = (i: number) => JSON.stringify({ name: "Flood Test", Organisation: "Bench", email: `flood${i}@bench.example`, contactNumber: "4045550142", token: "local-test-token", thoughtPaperName: "The State of Intelligent Automation 2026" });
  const agent = new Agent({ keepAlive: true, maxSockets: 20 });
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < 1000) {
        const i = next++;
        statuses.push((await call(base, { method: "POST", path: "/api/thoughtPaper/SaveUserInfo", headers: { "Content-Type": "application/json" }, body: lead(i), agent, localAddress: "127.0.3.1" })).status);
      }
    }),
  );
  agent.destroy();
  return { sent: statuses.length, within: `${Math.round(performance.now() - started)} ms`, accepted: statuses.filter((s) => s === 200).length, answered429: statuses.filter((s) => s === 429).length };
}

if (!existsSync(join(distDir, "index.html"))) {
  console.error(`No build in ${distDir}/: run "npm run build" first.`);
  process.exit(1);
}
const leadsDb = join(mkdtempSync(join(tmpdir(), "corvane-load-")), "leads.sqlite");
const server = await startChildServer({ DIST_DIR: distDir, LEADS_DB: leadsDb, NODE_ENV: "production", ALLOW_TEST_CAPTCHA: "1" });
const base = new URL(server.url);
if (base.hostname !== "localhost" && base.hostname !== "127.0.0.1") throw new Error("the load test runs on loopback only");
const watchdog = setTimeout(() => {
  console.error("the load test took too long; stopping");
  void server.stop().then(() => process.exit(1));
}, (seconds * 4 + 60) * 1000);

try {
  console.log(`Load test of ${server.url} (${clients} clients, ${seconds} s per phase)`);
  await call(base, { path: homePath });
  const results = {
    "GET /Home": await hammer(base, () => ({ path: homePath, headers: { "Accept-Encoding": "br, gzip" } })),
    "POST /api/page/get": await hammer(base, () => ({ method: "POST", path: "/api/page/get", headers: { "Content-Type": "application/json", "Accept-Encoding": "br, gzip" }, body: '"index"' })),
  };
  console.table(results);
  console.log("Server memory while 100 MB bodies are sent (rounds of 10 at once, declared and chunked):");
  const memory = await memoryUnderHugeBodies(server, base);
  console.table(memory);
  console.log("GET /Home while the leads database is locked by another connection:");
  const locked = await homeWhileLeadsLocked(base, leadsDb);
  console.table(locked);
  console.log("A flood of 1000 leads from one client:");
  const flooded = await flood(base);
  console.table(flooded);
  const verdicts: [string, boolean][] = [
    ["no failed request at 50 clients", results["GET /Home"].failed === 0 && results["POST /api/page/get"].failed === 0],
    ["memory within 100 MB of its baseline under 100 MB bodies", memory.growthMB < 100 && memory.accepted === 0],
    ["/Home within 100 ms (p99) while the leads database is locked", locked.homeP99ms < 100 && locked.leadAfterUnlock === 200],
    ["429 under a flood", flooded.answered429 > 0],
  ];
  for (const [what, ok] of verdicts) console.log(`${ok ? "PASS" : "FAIL"}  ${what}`);
  process.exitCode = verdicts.every(([, ok]) => ok) ? 0 : 1;
} finally {
  clearTimeout(watchdog);
  await server.stop();
}
