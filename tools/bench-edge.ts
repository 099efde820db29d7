/**
 * `npm run bench:edge` (after a build; Debian's varnish and varnish-modules): in one run, with one
 * load generator (autocannon, the same settings for each side, rounds alternated):
 *
 * 1. the cached /Home through Varnish (deploy/varnish/default.vcl) beside the same page from the
 *    instance behind it (the origin's cached rate);
 * 2. an uncached /Home (CONTENT_CACHE_SECONDS=0: rendered for every request) from an instance
 *    exporting its spans over OTLP (to a sink on loopback) beside one without an exporter;
 * 3. with BASELINE_DIST (a dist/ built from before tracing, e.g. `git worktree add` of an older
 *    commit and `npm run build` there): the cached /Home of this build, no exporter, beside that
 *    build's.
 *
 * EDGE_ROUNDS rounds per side (default 3). Each server in its own process, on loopback; prints
 * requests/s, p50/p99 and the load average.
 */
import autocannon from "autocannon";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, startVarnish } from "./varnish.ts";

const host = "127.0.0.1";
const seconds = 5;
const rounds = Math.max(1, Number(process.env.EDGE_ROUNDS ?? 3));
/** A build from before tracing, whose cached /Home this build's is paired with (3. above). */
const baselineDist = process.env.BASELINE_DIST;
const work = mkdtempSync(join(tmpdir(), "corvane-bench-edge-"));
const children: ChildProcess[] = [];
const load = () => loadavg().map((n) => n.toFixed(2)).join(" / ");

/** This build's server (or `dist`'s: another build's) on `port`. */
function instance(port: number, extra: NodeJS.ProcessEnv, dist = "dist"): ChildProcess {
  const env = { ...process.env, NODE_ENV: "production", ALLOW_FIXTURE_CONTENT: "1", ALLOW_TEST_CAPTCHA: "1", LOG_LEVEL: "warn", HOST: host, PORT: String(port), OUTBOX_DB: join(work, `outbox-${port}.sqlite`), LEADS_DB: join(work, `leads-${port}.sqlite`), DIST_DIR: dist, ...extra };
  const child = spawn(process.execPath, [join(dist, "server/standalone.js")], { env, stdio: ["ignore", "ignore", "inherit"] });
  children.push(child);
  return child;
}

async function ready(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (await fetch(url, { signal: AbortSignal.timeout(2000) }).then((answer) => answer.ok, () => false)) return;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`${url} did not answer`);
}

interface Round {
  perSecond: number;
  p50: number;
  p99: number;
  statuses: string;
}

async function round(url: string, connections: number): Promise<Round> {
  const result = await autocannon({ url, connections, duration: seconds, headers: { "Accept-Encoding": "br, gzip" } });
  return { perSecond: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, statuses: Object.keys(result.statusCodeStats ?? {}).join(",") };
}

/** Alternates the two sides round by round (after a warm-up each); the median round of each. */
async function paired(name: string, a: [string, string], b: [string, string], connections: number) {
  await round(a[1], connections);
  await round(b[1], connections);
  const results: [Round[], Round[]] = [[], []];
  for (let i = 0; i < rounds; i++) {
    results[0].push(await round(a[1], connections));
    results[1].push(await round(b[1], connections));
  }
  const median = (side: Round[]) => [...side].sort((x, y) => x.perSecond - y.perSecond)[Math.floor(side.length / 2)] as Round;
  const [ma, mb] = [median(results[0]), median(results[1])];
  console.log(`\n${name} (${connections} connections, ${rounds} alternated ${seconds}-second rounds, median)`);
  console.table({ [a[0]]: ma, [b[0]]: mb });
  console.log(`ratio ${b[0]} / ${a[0]}: ${(mb.perSecond / ma.perSecond).toFixed(3)}; every round: ${results[0].map((r) => r.perSecond).join(", ")} / ${results[1].map((r) => r.perSecond).join(", ")}`);
}

// A trace sink: takes OTLP posts and drops them.
const sink = createServer((req, res) => {
  req.resume();
  req.on("end", () => res.writeHead(200, { "Content-Type": "application/json" }).end("{}"));
});
await new Promise<void>((done) => sink.listen(0, host, done));
const sinkUrl = `http://${host}:${(sink.address() as { port: number }).port}`;

try {
  const varnishPort = await freePort([6086, 6087, 6088, 6089]);
  instance(5335, { CDN: "varnish", VARNISH_PURGE_URLS: `http://${host}:${varnishPort}`, CONTENT_CACHE_SECONDS: "3600" });
  instance(5336, { CONTENT_CACHE_SECONDS: "0", CONTENT_STALE_SECONDS: "0" });
  instance(5337, { CONTENT_CACHE_SECONDS: "0", CONTENT_STALE_SECONDS: "0", OTEL_EXPORTER_OTLP_ENDPOINT: sinkUrl });
  // Both without a CDN's settings: the same answer, the same headers.
  if (baselineDist) instance(5338, { CONTENT_CACHE_SECONDS: "3600" }, baselineDist);
  if (baselineDist) instance(5339, { CONTENT_CACHE_SECONDS: "3600" });
  await Promise.all([5335, 5336, 5337, ...(baselineDist ? [5338, 5339] : [])].map((port) => ready(`http://${host}:${port}/Home`)));
  const varnish = await startVarnish([{ host, port: 5335 }], [varnishPort]);
  await ready(`${varnish.url}/Home`);
  console.log(`load average before: ${load()}`);
  await paired("cached /Home: the origin's cache, then Varnish in front of it", ["origin (instance)", `http://${host}:5335/Home`], ["edge (Varnish)", `${varnish.url}/Home`], 50);
  await paired("uncached /Home: rendered per request, without and with an OTLP exporter", ["no exporter", `http://${host}:5336/Home`], ["OTLP exporter", `http://${host}:5337/Home`], 4);
  if (baselineDist) await paired(`cached /Home without an exporter: ${baselineDist}'s build, then this one`, ["before tracing", `http://${host}:5338/Home`], ["this build", `http://${host}:5339/Home`], 50);
  console.log(`load average after: ${load()}`);
  await varnish.stop();
} finally {
  for (const child of children) child.kill("SIGTERM");
  sink.close();
}
