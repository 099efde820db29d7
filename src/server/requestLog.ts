/**
 * The server's log (pino, Fastify's own logger): one JSON line per request, written when its
 * answer is finished or its connection gone, whoever answered it — a page held fresh (answered
 * before Fastify, src/server/http/sendPage.ts), a route of Fastify's, or in `npm run dev` Vite —
 * and the server's errors, with the same request id. A line holds what an operator searches by and
 * nothing a visitor typed: the method, the path without its query string (cut at 300 characters),
 * the status, the time taken, for a page whether the page cache had it, and the request id, which
 * the answer carries too (`X-Request-Id`), so a visitor's report finds its line. docs/operations.md.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { pino, type DestinationStream, type Logger } from "pino";
import { contentApiPrefix } from "../content/calls.ts";
import { MEDIA_PREFIX } from "../content/mediaAddress.ts";
import type { CacheOutcome } from "./swrCache.ts";
import { traceIdOf } from "./tracing.ts";

const levels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/**
 * LOG_LEVEL (default "info"; "silent" under the unit tests, which start hundreds of servers):
 * anything else is an error at start rather than a log that says nothing.
 */
export function logLevelFromEnv(env: NodeJS.ProcessEnv): (typeof levels)[number] {
  const raw = (env.LOG_LEVEL ?? (env.VITEST ? "silent" : "info")).trim().toLowerCase();
  const level = levels.find((name) => name === raw);
  if (!level) throw new Error(`LOG_LEVEL: "${raw}" is not one of ${levels.join(", ")}`);
  return level;
}

/** The server's logger, to stdout unless `destination` says otherwise (a test's stream). */
export function serverLogger(env: NodeJS.ProcessEnv, destination?: DestinationStream): Logger {
  return pino({ level: logLevelFromEnv(env), base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime }, destination);
}

/** What kind of address a request was for, a label operators can group by (and /metrics does). */
export type RequestKind = "page" | "api" | "media" | "file" | "probe" | "other";

export function kindOf(path: string, method: string): RequestKind {
  if (path.startsWith(contentApiPrefix)) return "api";
  if (path.startsWith(`${MEDIA_PREFIX}/`) || path.startsWith("/media/")) return "media";
  if (path === "/healthz" || path === "/readyz" || path === "/metrics") return "probe";
  if (/\.[A-Za-z0-9]{1,8}$/.test(path)) return "file";
  return method === "GET" || method === "HEAD" || method === "POST" ? "page" : "other";
}

interface RequestNote {
  id: string;
  /** The request's trace: its span's (tracing on), else the incoming `traceparent`'s, else the request id's hex. */
  traceId: string;
  cache?: CacheOutcome;
}

const notes = new WeakMap<IncomingMessage, RequestNote>();

/** The request id `logRequests` gave `req` (Fastify's `genReqId`, so its own lines carry the same one). */
export function requestIdOf(req: IncomingMessage): string {
  return notes.get(req)?.id ?? randomUUID();
}

/** The trace id of `req`, as its line says it. */
export function traceIdOfRequest(req: IncomingMessage): string | undefined {
  return notes.get(req)?.traceId;
}

/** Notes the trace `req` was answered in (its span's, src/server/tracing.ts). */
export function noteTrace(req: IncomingMessage, traceId: string): void {
  const note = notes.get(req);
  if (note) note.traceId = traceId;
}

/** Notes how the page cache answered `req`, for its line. */
export function noteCache(req: IncomingMessage, outcome: CacheOutcome): void {
  const note = notes.get(req);
  if (note) note.cache = outcome;
}

/** One finished request, as the log line and /metrics see it. */
export interface FinishedRequest {
  kind: RequestKind;
  method: string;
  status: number;
  seconds: number;
  cache?: CacheOutcome | undefined;
}

/**
 * Called first for every request the server takes: gives it an id (and the answer its
 * `X-Request-Id`), and writes its line once the answer is finished or the client has gone.
 */
export function logRequests(log: Logger, onFinished: (request: FinishedRequest) => void = () => undefined) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const started = performance.now();
    const id = randomUUID();
    // An incoming trace is logged even when no spans are exported, so the edge's and the content service's logs find this line.
    const traceparent = req.headers.traceparent;
    const note: RequestNote = { id, traceId: (traceparent === undefined ? undefined : traceIdOf(traceparent)) ?? id.replaceAll("-", "") };
    notes.set(req, note);
    res.setHeader("X-Request-Id", note.id);
    res.once("close", () => {
      const url = req.url ?? "/";
      const query = url.indexOf("?");
      const path = (query === -1 ? url : url.slice(0, query)).slice(0, 300);
      const method = req.method ?? "GET";
      const seconds = (performance.now() - started) / 1000;
      const finished: FinishedRequest = { kind: kindOf(path, method), method, status: res.statusCode, seconds, cache: note.cache };
      onFinished(finished);
      const line = {
        reqId: note.id,
        traceId: note.traceId,
        method,
        path,
        kind: finished.kind,
        status: res.statusCode,
        ms: Math.round(seconds * 10_000) / 10,
        ...(note.cache ? { cache: note.cache } : {}),
        // The client went away before the answer was written whole.
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      if (res.statusCode >= 500) log.error(line, "request");
      else log.info(line, "request");
    });
  };
}
