/**
 * One trace across processes (OpenTelemetry), from the CDN through an instance to the content
 * service. Off unless OTEL_EXPORTER_OTLP_ENDPOINT is set: then, and only then, the SDK is loaded
 * (a start without it loads none of it), spans are exported over OTLP/HTTP, an incoming W3C
 * `traceparent` is the parent of the request's span, and outgoing fetches (content calls, lead
 * deliveries, media) carry the trace on (the undici instrumentation). Fastify's routes and hooks
 * get spans of their own (@fastify/otel). The site's own spans:
 *
 * - the request (`GET page`, … by the request log's kinds), answered before Fastify or by it;
 * - `page cache` (`cache.outcome` hit, stale or miss), and within a miss, `render`;
 * - `content <call path>` for each content call (its cache outcome; an upstream fetch within);
 * - `media resize`, `redis <command>`, `lead delivery`.
 *
 * Without an exporter, `inSpan` is the function itself: nothing is allocated per request; and a
 * page's request does not even call it (the site server asks for a span only when tracing is on),
 * so an untraced page runs nothing of this file.
 */
import type * as OtelApi from "@opentelemetry/api";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";

type Attributes = Record<string, string | number | boolean>;
/** Adds attributes to the span a function runs in (a no-op without tracing). */
export type Note = (attributes: Attributes) => void;

interface ActiveTracing {
  api: typeof OtelApi;
  tracer: OtelApi.Tracer;
}

/** Set once by `startTracing`, when an exporter is configured. */
let active: ActiveTracing | null = null;

const noNote: Note = () => undefined;

/** Runs `fn` in a span named `name`, a child of the span it is called in; without tracing, `fn` alone. */
export function inSpan<T>(name: string, fn: (note: Note) => Promise<T>): Promise<T> {
  const tracing = active;
  if (!tracing) return fn(noNote);
  return tracing.tracer.startActiveSpan(name, async (span) => {
    try {
      return await fn((attributes) => span.setAttributes(attributes));
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: tracing.api.SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** A span of no duration, for what was decided at once (a page answered from the cache before the framework). */
export function pointSpan(name: string, attributes: Attributes): void {
  active?.tracer.startSpan(name, { attributes }).end();
}

/** The trace id of the span running now, if tracing is on. */
export function currentTraceId(): string | undefined {
  const span = active?.api.trace.getActiveSpan();
  return span?.spanContext().traceId;
}

/** A W3C `traceparent`'s trace id (version 00 and the all-zero id refused, as the spec says). */
export function traceIdOf(traceparent: string | string[] | undefined): string | undefined {
  const value = Array.isArray(traceparent) ? traceparent[0] : traceparent;
  const match = value === undefined ? null : /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/.exec(value.trim());
  if (!match || match[1] === "ff" || /^0+$/.test(match[2] ?? "") || /^0+$/.test(match[3] ?? "")) return undefined;
  return match[2];
}

export interface Tracing {
  /** Runs `handle` inside the request's span (its parent the incoming `traceparent`); calls `traced` with its trace id. */
  serve(req: IncomingMessage, res: ServerResponse, kind: string, traced: (traceId: string) => void, handle: () => void): void;
  /** Registers @fastify/otel on the server (before its routes). */
  instrument(app: FastifyInstance): Promise<void>;
  /** Sends the spans not yet exported, then stops. */
  shutdown(): Promise<void>;
}

/**
 * OTEL_EXPORTER_OTLP_ENDPOINT (e.g. http://collector:4318; OTEL_EXPORTER_OTLP_TRACES_ENDPOINT
 * for the traces' own address), OTEL_SERVICE_NAME (default corvane-site): tracing, or null when
 * no endpoint is set. The SDK's modules are imported here, so a start without them loads none.
 */
export async function startTracing(env: NodeJS.ProcessEnv): Promise<Tracing | null> {
  const endpoint = (env.OTEL_EXPORTER_OTLP_ENDPOINT ?? "").trim();
  const tracesEndpoint = (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? "").trim() || (endpoint && `${endpoint.replace(/\/+$/, "")}/v1/traces`);
  if (tracesEndpoint === "") return null;
  const [api, { NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }, { registerInstrumentations }, { UndiciInstrumentation }, { default: FastifyOtelInstrumentation }] = await Promise.all([
    import("@opentelemetry/api"),
    import("@opentelemetry/sdk-trace-node"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/resources"),
    import("@opentelemetry/instrumentation"),
    import("@opentelemetry/instrumentation-undici"),
    import("@fastify/otel"),
  ]);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": env.OTEL_SERVICE_NAME ?? "corvane-site" }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: tracesEndpoint }), { scheduledDelayMillis: 500 })],
  });
  // The AsyncLocalStorage context manager and the W3C trace-context propagator, globally.
  provider.register();
  // The request and its route handler, not a span per hook (security headers, rate limit…): a trace an operator can read, and less to export.
  const fastifyOtel = new FastifyOtelInstrumentation({ instrumentHooks: false });
  const undici = new UndiciInstrumentation();
  const unregister = registerInstrumentations({ tracerProvider: provider, instrumentations: [undici, fastifyOtel] });
  const tracer = provider.getTracer("corvane-site");
  active = { api, tracer };
  return {
    serve(req, res, kind, traced, handle) {
      const parent = api.propagation.extract(api.ROOT_CONTEXT, req.headers);
      const path = (req.url ?? "/").split("?")[0] ?? "/";
      const span = tracer.startSpan(`${req.method ?? "GET"} ${kind}`, { kind: api.SpanKind.SERVER, attributes: { "http.request.method": req.method ?? "GET", "url.path": path.slice(0, 300) } }, parent);
      traced(span.spanContext().traceId);
      res.once("close", () => {
        span.setAttribute("http.response.status_code", res.statusCode);
        if (res.statusCode >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR });
        span.end();
      });
      api.context.with(api.trace.setSpan(parent, span), handle);
    },
    instrument: async (app) => {
      await app.register(fastifyOtel.plugin());
    },
    async shutdown() {
      active = null;
      unregister();
      await provider.shutdown();
    },
  };
}
