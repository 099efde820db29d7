/**
 * /api/* forwarded to another content service unchanged: method, body (streamed, never held
 * whole), status and content type, with a time-out and a body size limit.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable, Transform } from "node:stream";
import { refuseBody } from "./http/bodyLimits.ts";
import type { Middleware } from "./node.ts";

export interface ForwardOptions {
  timeoutMs: number;
  /** Largest request body forwarded, per path; a larger one is refused with 413 (before reading it, when its length is declared). */
  maxBodyBytes: (pathname: string) => number;
}

const forwardedRequestHeaders = ["content-type", "accept", "accept-language"];
const forwardedResponseHeaders = ["content-type", "content-disposition", "cache-control", "retry-after"];

/** Passes the body on until it grows past `limit`, then fails the stream (and says so). */
function limited(limit: number, onTooLarge: () => void) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) {
        onTooLarge();
        done(new Error("request body too large"));
      } else done(null, chunk);
    },
  });
}

export function forwardTo(base: string, options: ForwardOptions): Middleware {
  return (req: IncomingMessage, res: ServerResponse) => {
    const maxBody = options.maxBodyBytes(new URL(req.url ?? "/", "http://site.invalid").pathname);
    const declared = req.headers["content-length"];
    if (declared !== undefined && (!/^\d+$/.test(declared) || Number(declared) > maxBody)) {
      refuseBody(res, /^\d+$/.test(declared) ? 413 : 400, maxBody);
      return;
    }
    let tooLarge = false;
    const headers = new Headers();
    for (const name of forwardedRequestHeaders) {
      const value = req.headers[name];
      if (typeof value === "string") headers.set(name, value);
    }
    const method = req.method ?? "GET";
    const hasBody = method !== "GET" && method !== "HEAD";
    const body = hasBody ? (Readable.toWeb(req.pipe(limited(maxBody, () => (tooLarge = true)))) as ReadableStream<Uint8Array>) : undefined;
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
        if (tooLarge && !res.headersSent) {
          refuseBody(res, 413, maxBody);
          return;
        }
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
