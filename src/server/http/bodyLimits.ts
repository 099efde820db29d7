/**
 * How large a request body each route accepts, enforced before the body is read: a declared
 * Content-Length above the cap is refused at once, and a chunked body is cut off as soon as
 * it passes it. Everything not named here (pages, assets, GET and HEAD) accepts none.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

const kB = 1024;

/** Route (lower-case path) → the largest body it accepts, in bytes. */
export const bodyLimits: Readonly<Record<string, number>> = {
  // The lead forms: six short fields; a few hundred kB leaves room for any honest message.
  "/api/contactus/create": 256 * kB,
  "/api/contactus/presentation-page": 256 * kB,
  "/api/thoughtpaper/saveuserinfo": 256 * kB,
  // Content calls carry a page name, a list query or `{}`.
  "/api/page/get": 8 * kB,
  "/api/page/getcontentlist": 8 * kB,
  "/api/menu/getmenulist": 8 * kB,
  "/api/resource/list": 8 * kB,
  "/api/thoughtpaper/downloadthoughtpaperpdf": 8 * kB,
};

export function bodyLimitFor(pathname: string): number {
  return bodyLimits[pathname.toLowerCase()] ?? 0;
}

export type BodyRead = { ok: true; body: Buffer | undefined } | { ok: false; status: 413 | 400 };

/** Whether the request says a body follows (a length above zero or a chunked transfer). */
export function announcesBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return (length !== undefined && length !== "0") || req.headers["transfer-encoding"] !== undefined;
}

/**
 * The request body, or 413 when it is larger than `limit`: decided from Content-Length
 * before a byte is read, or the moment a chunked body passes the limit (reading stops there).
 */
export function readBodyWithin(req: IncomingMessage, limit: number): Promise<BodyRead> {
  if (!announcesBody(req)) return Promise.resolve({ ok: true, body: undefined });
  const declared = req.headers["content-length"];
  if (declared !== undefined) {
    if (!/^\d+$/.test(declared)) return Promise.resolve({ ok: false, status: 400 });
    if (Number(declared) > limit) return Promise.resolve({ ok: false, status: 413 });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: BodyRead) => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      if (!result.ok) req.pause();
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) finish({ ok: false, status: 413 });
      else chunks.push(chunk);
    };
    const onEnd = () => finish({ ok: true, body: Buffer.concat(chunks) });
    const onError = () => finish({ ok: false, status: 400 });
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  });
}

/**
 * Refuses a body and closes the connection, so the rest of an oversized upload is never read
 * (keeping the connection would mean draining it).
 */
export function refuseBody(res: ServerResponse, status: 413 | 400, limit: number): void {
  const message = status === 413 ? `the request body is larger than this address accepts (${limit} bytes)` : "the request body could not be read";
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", Connection: "close", "Cache-Control": "no-store" });
  res.end(JSON.stringify({ error: message }), () => res.socket?.destroy());
}
