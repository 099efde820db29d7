/**
 * Mounting a Fetch-API handler (`Request` in, `Response` out) on a path prefix of the Fastify
 * server: the fixture content service, the forwarder to another service, and any module of
 * that shape (a media proxy, a lead outbox) mount with one call.
 *
 *     mountFetchHandler(app, { prefix: "/api/", handler: myHandler });
 *
 * Bodies are read by Fastify within each route's `bodyLimit` (a declared Content-Length above it
 * is answered 413 before a byte is read, a chunked body is cut off once it passes it); routes
 * not listed in `routes` take no body at all. The handler answering `null` means "not mine": 404.
 */
import compress from "@fastify/compress";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from "fastify";
import { cacheControl } from "./cachePolicy.ts";
import { traceIdOfRequest } from "../requestLog.ts";

/** Who sent a request, as the socket says (never a header a client could set). */
export interface HandlerContext {
  clientAddress: string;
  /** The trace the request belongs to (its log line's `traceId`), for what it leaves behind (a lead's outbox row). */
  traceId?: string | undefined;
}

export type FetchHandler = (request: Request, context: HandlerContext) => Promise<Response | null>;

export interface MountOptions {
  /** A path prefix ending in "/", e.g. "/api/". */
  prefix: string;
  handler: FetchHandler;
  /** Paths (in full, below the prefix) that take a body, each with its own cap and route options (a rate limit); with `method`, only that method (others 405). */
  routes?: readonly { path: string; bodyLimit: number; method?: string; options?: RouteShorthandOptions }[];
  /** What the rest of the prefix is: the handler's (default), or 404 without asking it (an allow-list). */
  otherPaths?: "handler" | "not-found";
}

/**
 * A fetch answered by `handler` in this process, as if `context`'s client had called `origin`:
 * the embedded fixture service as the renderer's content service, or a posted form's lead taking
 * the browser's own way. A relative address is read against `origin`; `null` is a 404.
 */
export function fetchThrough(handler: FetchHandler, origin: string, context: HandlerContext = { clientAddress: "127.0.0.1" }): typeof fetch {
  return async (input, init) => (await handler(input instanceof Request ? new Request(input, init) : new Request(new URL(input, origin), init), context)) ?? new Response("Not found", { status: 404 });
}

const methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** The Fetch `Request` of a Fastify request: its address, headers and the body Fastify read. */
function toFetchRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  const body = Buffer.isBuffer(request.body) && request.method !== "GET" && request.method !== "HEAD" ? new Uint8Array(request.body) : undefined;
  return new Request(new URL(request.url, "http://site.invalid"), { method: request.method, headers, ...(body ? { body } : {}) });
}

/** The types @fastify/compress compresses here (text, JSON, XML, JavaScript, SVG): their answers vary by Accept-Encoding. */
const compressibleType = /^\s*(text\/|application\/(json|xml|javascript|[\w.+-]+\+(json|xml))\b|image\/svg\+xml)/i;

/**
 * Registers routes in a scope whose bodies are read as bytes, whatever their type (the handler
 * parses them), and whose answers are compressed per request as the client accepts
 * (@fastify/compress, brotli or gzip, from 1 kB). Pages stay out of it: they come compressed from their cache.
 */
export function withRawBodies(app: FastifyInstance, routes: (scope: FastifyInstance) => void): void {
  void app.register(async (scope) => {
    await scope.register(compress, { encodings: ["br", "gzip"], threshold: 1024 });
    // An answer of a type the compression compresses says Vary even when this client took it plain
    // (@fastify/compress says it only when it compresses), so a shared cache keeps each encoding apart (issue 45: sitemap.xml).
    scope.addHook("onSend", async (_request, reply, payload) => {
      // A handler's Fetch Response still carries its own headers here (Fastify takes them over after the hooks).
      const type = payload instanceof Response ? payload.headers.get("Content-Type") : reply.getHeader("Content-Type");
      const vary = String((payload instanceof Response ? payload.headers.get("Vary") : null) ?? reply.getHeader("Vary") ?? "");
      // Spelt as @fastify/compress spells it, whose own check (case-sensitive) then does not add it twice.
      if (compressibleType.test(String(type ?? "")) && !/accept-encoding/i.test(vary)) reply.header("Vary", vary === "" ? "accept-encoding" : `${vary}, accept-encoding`);
      return payload;
    });
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    routes(scope);
  });
}

export function mountFetchHandler(app: FastifyInstance, { prefix, handler, routes = [], otherPaths = "handler" }: MountOptions): void {
  withRawBodies(app, (scope) => {
    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      const response = await handler(toFetchRequest(request), { clientAddress: request.ip, traceId: traceIdOfRequest(request.raw) });
      // Fastify sends a Fetch Response as it is (status, headers, body streamed); one not saying otherwise is not stored.
      // Its status set first, so the hooks see it (the security headers are not repeated on a 304).
      return response ? reply.code(response.status).header("Cache-Control", cacheControl.personal).send(response) : reply.callNotFound();
    };
    const notFound = (_request: FastifyRequest, reply: FastifyReply) => reply.code(404).header("Cache-Control", cacheControl.noStore).send({ error: "no such call" });
    for (const route of routes) {
      scope.route({ ...route.options, method: route.method ?? methods, url: route.path, bodyLimit: route.bodyLimit, handler: handle });
      const others = route.method === undefined ? [] : methods.filter((method) => method !== route.method);
      if (others.length > 0) scope.route({ method: others, url: route.path, bodyLimit: 1, handler: (_request, reply) => reply.code(405).header("Allow", route.method ?? "").header("Cache-Control", cacheControl.noStore).send() });
    }
    // Everything else below the prefix: no body (bodyLimit 1 byte short of any).
    scope.route({ method: methods, url: `${prefix}*`, bodyLimit: 1, handler: otherPaths === "handler" ? handle : notFound });
  });
}

/** The embedded fixture service's origin, as the server names it; nothing is fetched over the network. */
export const embeddedOrigin = "http://content.local";
