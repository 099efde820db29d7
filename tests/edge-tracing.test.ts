// @vitest-environment node
/**
 * One trace across processes: with OTEL_EXPORTER_OTLP_ENDPOINT pointing at a test collector (an
 * OTLP/HTTP receiver on loopback), a request sent through Varnish with a `traceparent` is one
 * trace at the instance — its request span the child of the caller's, the page cache, the render
 * and each content call beneath it — that goes on to the content service (the same trace in its
 * `traceparent`), is in the request's log line, and is kept with a lead in the outbox.
 */
import Database from "better-sqlite3";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startSiteServer, type SiteServer } from "../src/server/siteServer.ts";
import { freePort, startVarnish, type VarnishServer } from "../tools/varnish.ts";
import { contentService, renderer } from "./edgeSite.ts";
import { jsonHeaders, logCapture, paperLead, send, tempLeadsDb, tinyBuild } from "./serverFaults.ts";

interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}

/** An OTLP/HTTP trace receiver (JSON), keeping every span it is sent. */
function collector() {
  const spans: ExportedSpan[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { resourceSpans?: { scopeSpans?: { spans?: ExportedSpan[] }[] }[] };
      for (const resource of body.resourceSpans ?? []) for (const scope of resource.scopeSpans ?? []) spans.push(...(scope.spans ?? []));
      res.setHeader("Content-Type", "application/json");
      res.end("{}");
    });
  });
  return new Promise<{ url: string; spans: ExportedSpan[]; close: () => Promise<void> }>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, close: () => new Promise((done) => server.close(() => done())) })),
  );
}

let otlp: Awaited<ReturnType<typeof collector>>;
let service: Awaited<ReturnType<typeof contentService>>;
let site: SiteServer;
let varnish: VarnishServer;
const log = logCapture();
const outboxFile = tempLeadsDb();

beforeAll(async () => {
  [otlp, service] = await Promise.all([collector(), contentService()]);
  const varnishPort = await freePort([6089, 6088, 6087, 6086, 6085, 6084, 6083, 6082, 6081]);
  site = await startSiteServer({
    distDir: tinyBuild(renderer),
    port: 5333,
    env: { ...process.env, LOG_LEVEL: "info", CONTENT_API_BASE: service.url, OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url, OUTBOX_DB: outboxFile, SITE_URL: `http://127.0.0.1:${varnishPort}` },
    logDestination: log.stream,
  });
  varnish = await startVarnish([{ host: "127.0.0.1", port: 5333 }], [varnishPort]);
  await vi.waitFor(async () => expect((await send(varnish.url, { path: "/readyz" })).status).toBe(200), { timeout: 15_000, interval: 200 });
}, 60_000);

afterAll(async () => {
  await site.close();
  await varnish.stop();
  await Promise.all([service.close(), otlp.close()]);
});

const caller = { traceId: "0af7651916cd43dd8448eb211c80319c", spanId: "b7ad6b7169203331" };
const traceparent = `00-${caller.traceId}-${caller.spanId}-01`;

describe("a request through Varnish and an instance, traced", () => {
  it("is one trace: the request's span under the caller's, the page cache, the render and each content call beneath it, carried on to the content service", async () => {
    const answer = await send(varnish.url, { path: "/People", headers: { traceparent } });
    expect(answer.status).toBe(200);
    await vi.waitFor(() => expect(otlp.spans.filter((span) => span.traceId === caller.traceId).map((span) => span.name)).toEqual(expect.arrayContaining(["GET page", "page cache", "render", "content /api/page/get", "content /api/menu/GetMenuList"])), { timeout: 5000, interval: 100 });
    const trace = otlp.spans.filter((span) => span.traceId === caller.traceId);
    const named = (name: string) => trace.find((span) => span.name === name);
    const request = named("GET page");
    expect(request?.parentSpanId).toBe(caller.spanId);
    // Every span of the trace hangs from the request's span, whoever answered (Fastify's route included).
    const byId = new Map(trace.map((span) => [span.spanId, span]));
    const ancestors = (span: ExportedSpan | undefined): string[] => (span?.parentSpanId && byId.has(span.parentSpanId) ? [span.parentSpanId, ...ancestors(byId.get(span.parentSpanId))] : []);
    for (const span of trace.filter((found) => found !== request)) expect(ancestors(span), span.name).toContain(request?.spanId);
    expect(ancestors(named("render"))).toContain(named("page cache")?.spanId);
    expect(ancestors(named("content /api/page/get"))).toContain(named("render")?.spanId);
    expect(named("page cache")?.attributes).toContainEqual({ key: "cache.outcome", value: { stringValue: "miss" } });
    // The content service was asked within the same trace.
    expect(service.state.traceparents.some((header) => header.startsWith(`00-${caller.traceId}-`))).toBe(true);
    // The request's log line carries it.
    expect(log.lines.find((line) => line.msg === "request" && line.path === "/People")?.traceId).toBe(caller.traceId);
  });

  it("traces a page answered before the framework, from the cache, as a hit", async () => {
    const again = { traceId: "1bf7651916cd43dd8448eb211c80319d", spanId: "c7ad6b7169203332" };
    await send(site.url, { path: "/People", headers: { traceparent: `00-${again.traceId}-${again.spanId}-01` } });
    await vi.waitFor(() => expect(otlp.spans.filter((span) => span.traceId === again.traceId).map((span) => span.name).sort()).toEqual(["GET page", "page cache"]), { timeout: 5000, interval: 100 });
    expect(otlp.spans.find((span) => span.traceId === again.traceId && span.name === "page cache")?.attributes).toContainEqual({ key: "cache.outcome", value: { stringValue: "hit" } });
  });

  it("keeps the trace of the request that brought a lead in its outbox row, and traces its delivery", async () => {
    const lead = { traceId: "2cf7651916cd43dd8448eb211c80319e", spanId: "d7ad6b7169203333" };
    const answer = await send(varnish.url, { method: "POST", path: "/api/thoughtPaper/SaveUserInfo", headers: { ...jsonHeaders, traceparent: `00-${lead.traceId}-${lead.spanId}-01` }, body: paperLead("ada@trace.example") });
    expect(answer.status).toBe(200);
    const db = new Database(outboxFile, { readonly: true });
    const rows = db.prepare("SELECT trace_id AS traceId FROM outbox").all();
    db.close();
    expect(rows).toEqual([{ traceId: lead.traceId }]);
    await vi.waitFor(() => expect(otlp.spans.filter((span) => span.traceId === lead.traceId).map((span) => span.name)).toContain("lead delivery"), { timeout: 5000, interval: 100 });
  });
});
