/**
 * /api/* forwarded to another content service unchanged: method, body (streamed, never held
 * whole), status and content type, with a time-out and a body size limit.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable, Transform } from "node:stream";
import type { Middleware } from "./node.ts";

export interface ForwardOptions {
  timeoutMs: number;
  /** Largest request body forwarded; a larger one is refused with 413 (before reading it, when its length is declared). */
  maxBodyBytes?: number;
}

const forwardedRequestHeaders = ["content-type", "accept", "accept-language"];
const forwardedResponseHeaders = ["content-type", "content-disposition", "cache-control", "retry-after"];

export const defaultMaxForwardedBody = 512 * 1024;

/** Passes the body on until it grows past `limit`, then fails the stream. */
function limited(limit: number) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) done(new Error("request body too large"));
      else done(null, chunk);
    },
  });
}

export function forwardTo(base: string, options: ForwardOptions): Middleware {
  const maxBody = options.maxBodyBytes ?? defaultMaxForwardedBody;
  return (req: IncomingMessage, res: ServerResponse) => {
    const declared = Number(req.headers["content-length"] ?? "0");
    if (declared > maxBody) {
      res.writeHead(413, { Connection: "close" });
      res.end();
      req.destroy();
      return;
    }
    const headers = new Headers();
    for (const name of forwardedRequestHeaders) {
      const value = req.headers[name];
      if (typeof value === "string") headers.set(name, value);
    }
    const method = req.method ?? "GET";
    const hasBody = method !== "GET" && method !== "HEAD";
    const body = hasBody ? (Readable.toWeb(req.pipe(limited(maxBody))) as ReadableStream<Uint8Array>) : undefined;
    fetch(`${base}${req.url ?? "/"}`, {
      method,
      headers,
      signal: AbortSignal.timeout(options.timeoutMs),
      ...(body ? { body, duplex: "half" } : {}),
    }).then(
      (response) => {
        res.statusCode = response.status;
        for (const name of forwardedResponseHeaders) {
          const value = response.headers.get(name);
          if (value !== null) res.setHeader(name, value);
        }
        if (!response.body) {
          res.end();
          return;
        }
        Readable.fromWeb(response.body as import("node:stream/web").ReadableStream<Uint8Array>).pipe(res);
      },
      (error: unknown) => {
        const timedOut = error instanceof Error && error.name === "TimeoutError";
        console.warn(`forwarding ${method} ${req.url ?? ""} failed:`, error instanceof Error ? error.message : error);
        if (res.headersSent) {
          res.destroy();
          return;
        }
        res.writeHead(timedOut ? 504 : 502, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ error: timedOut ? "the content service did not answer in time" : "the content service could not be reached" }));
      },
    );
  };
}
