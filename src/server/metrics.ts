/**
 * /metrics in Prometheus's text format (prom-client): what an operator watches on each
 * instance — requests by kind and status with their time, renders and their time, the page and
 * content caches' hits and misses, the lead outbox's backlog and its oldest lead's age, Redis's
 * connection — beside the process's own figures (CPU, memory, event-loop delay, garbage
 * collection). The site's figures are one registry per server, so tests and tools that start
 * several servers in one process count each apart; the process's are one registry per process.
 *
 * Exposed on METRICS_PORT (a listener of its own, e.g. reachable only from the monitoring
 * network), or on the public port at /metrics with `Authorization: Bearer <METRICS_TOKEN>`;
 * with neither, nowhere. docs/operations.md.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { cacheControl } from "./http/cachePolicy.ts";
import type { OutboxStatus } from "./leads/outbox.ts";
import type { FinishedRequest } from "./requestLog.ts";
import type { CacheOutcome } from "./swrCache.ts";

let processRegistry: Registry | undefined;

/** The process's figures, collected once per process however many servers it runs (prom-client's event-loop monitor is never turned off). */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface MetricSources {
  /** The lead outbox's counts (null: leads go to the in-process fixture service, no outbox). */
  outbox: () => OutboxStatus | null;
  /** Whether Redis is connected now (null: no REDIS_URL). */
  redisConnected: () => boolean | null;
}

export interface SiteMetrics {
  request: (finished: FinishedRequest) => void;
  contentCache: (outcome: CacheOutcome) => void;
  /** Times one render of a page (not held): call the result when it is done. */
  startRender: () => () => void;
  /** The exposition, both registries. */
  scrape: () => Promise<{ contentType: string; body: string }>;
}

const secondsBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createSiteMetrics(sources: MetricSources): SiteMetrics {
  const registry = new Registry();
  const requests = new Histogram({
    name: "site_request_duration_seconds",
    help: "Requests answered, by kind of address (page, api, media, file, probe, other) and status class, and how long each took.",
    labelNames: ["kind", "status"] as const,
    buckets: secondsBuckets,
    registers: [registry],
  });
  const pageCache = new Counter({ name: "site_page_cache_total", help: "Pages answered, by how the page cache had them: hit (held fresh), stale (held, made again behind it) or miss (rendered while the visitor waited).", labelNames: ["outcome"] as const, registers: [registry] });
  const contentCache = new Counter({ name: "site_content_cache_total", help: "Content service answers asked for by renders, by how the content cache had them (hit, stale, miss).", labelNames: ["outcome"] as const, registers: [registry] });
  const renders = new Histogram({ name: "site_render_duration_seconds", help: "Page renders (content calls, React, the document, the fast compression), each whole.", buckets: secondsBuckets, registers: [registry] });
  new Gauge({
    name: "site_lead_outbox_pending",
    help: "Leads kept in the outbox, not yet taken by the content service (0 without an outbox).",
    registers: [registry],
    collect() {
      this.set(sources.outbox()?.pending ?? 0);
    },
  });
  new Gauge({
    name: "site_lead_outbox_oldest_pending_seconds",
    help: "How long the oldest lead in the outbox has waited (0 when none waits).",
    registers: [registry],
    collect() {
      this.set(sources.outbox()?.oldestPendingSeconds ?? 0);
    },
  });
  new Gauge({
    name: "site_lead_outbox_rejected",
    help: "Leads the content service refused after the outbox kept them, left for an operator (npm run leads -- --pending).",
    registers: [registry],
    collect() {
      this.set(sources.outbox()?.rejected ?? 0);
    },
  });
  if (sources.redisConnected() !== null) {
    new Gauge({
      name: "site_redis_connected",
      help: "1 while Redis (REDIS_URL) is connected; 0 while the instance serves from its own caches.",
      registers: [registry],
      collect() {
        this.set(sources.redisConnected() ? 1 : 0);
      },
    });
  }
  return {
    request: (finished) => {
      requests.observe({ kind: finished.kind, status: `${String(Math.floor(finished.status / 100))}xx` }, finished.seconds);
      if (finished.cache && finished.kind === "page") pageCache.inc({ outcome: finished.cache });
    },
    contentCache: (outcome) => contentCache.inc({ outcome }),
    startRender: () => renders.startTimer(),
    scrape: async () => {
      const merged = Registry.merge([processMetrics(), registry]);
      return { contentType: merged.contentType, body: await merged.metrics() };
    },
  };
}

/** Whether `authorization` is `Bearer <token>`, compared in constant time (by digest, so the length tells nothing either). */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(authorization ?? ""), digest(`Bearer ${token}`));
}

/** METRICS_PORT's listener: /metrics and nothing else. Resolves once it listens. */
export async function metricsListener(metrics: SiteMetrics, port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || (req.url ?? "").split("?")[0] !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found: only /metrics is here.\n");
      return;
    }
    metrics.scrape().then(
      ({ contentType, body }) => res.writeHead(200, { "Content-Type": contentType, "Cache-Control": cacheControl.noStore }).end(req.method === "HEAD" ? undefined : body),
      (error: unknown) => res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end(`metrics could not be collected: ${String(error)}\n`),
    );
  });
  server.requestTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
