/**
 * Requests with a Host header no browser would send are answered 400 before anything reads
 * it, and a server's slow clients are cut off by header and request time-outs.
 */
import type { Server } from "node:http";

const label = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
const hostname = `${label}(?:\\.${label})*\\.?`;
const ipv6 = "\\[[0-9A-Fa-f:.]{2,45}\\]";
const validHost = new RegExp(`^(?:${hostname}|${ipv6})(?::(\\d{1,5}))?$`);

export function isValidHost(host: string | undefined): boolean {
  if (host === undefined || host.length === 0 || host.length > 255) return false;
  const match = validHost.exec(host);
  if (!match) return false;
  const port = match[1];
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
}

export interface ServerTimeouts {
  /** Time to receive the complete request headers. */
  headersTimeoutMs: number;
  /** Time to receive the complete request, body included. */
  requestTimeoutMs: number;
  /** Idle time of a kept-alive connection between requests. */
  keepAliveTimeoutMs: number;
}

export const defaultTimeouts: ServerTimeouts = { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000 };

export function hardenServer<S extends Server>(server: S, timeouts: ServerTimeouts = defaultTimeouts): S {
  server.headersTimeout = timeouts.headersTimeoutMs;
  server.requestTimeout = timeouts.requestTimeoutMs;
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs;
  server.maxHeadersCount = 100;
  // Malformed requests get a bare 400 (or 408/431), never an error page with a stack.
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (error.code === "ECONNRESET" || !socket.writable) return socket.destroy();
    const status = error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? "408 Request Timeout" : error.code === "HPE_HEADER_OVERFLOW" ? "431 Request Header Fields Too Large" : "400 Bad Request";
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  });
  return server;
}
