/**
 * A cached page sent as it is kept: the body the browser accepts (brotli, gzip or plain, chosen
 * by @fastify/accept-negotiator), `304 Not Modified` when the browser already has it, and the
 * page's caching headers: revalidated HTML, or no-store and Retry-After on a retry screen.
 */
import { negotiate } from "@fastify/accept-negotiator";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { CachedPage } from "../pageCache.ts";
import { cacheControl } from "./cachePolicy.ts";
import { isValidHost } from "./security.ts";

/** Whether If-None-Match names this ETag (weak comparison, as RFC 9110 asks for it). */
function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch || !etag) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body?: Buffer;
}

/** The status, headers and body of a page for a request with these headers. */
export function pageAnswer(page: CachedPage, ifNoneMatch: string | undefined, acceptEncoding: string | undefined): Answer {
  if (page.location !== undefined) return { status: page.status, headers: { Location: page.location, "Cache-Control": cacheControl.html } };
  const caching: Record<string, string> = page.status === 503 ? { "Retry-After": "30", "Cache-Control": cacheControl.noStore } : { "Cache-Control": cacheControl.html, ETag: page.etag };
  const headers = { ...caching, Vary: "Accept-Encoding" };
  if (page.status === 200 && notModified(ifNoneMatch, page.etag)) return { status: 304, headers };
  const encoding = negotiate(acceptEncoding ?? "", ["br", "gzip"]);
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.html;
  return { status: page.status, headers: { ...headers, "Content-Type": "text/html; charset=utf-8", ...(encoding ? { "Content-Encoding": encoding } : {}) }, body };
}

export function sendPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage): FastifyReply {
  const answer = pageAnswer(page, request.headers["if-none-match"], request.headers["accept-encoding"]);
  return reply.code(answer.status).headers(answer.headers).send(answer.body);
}

/**
 * Answers a GET or HEAD for a page held fresh in the cache straight on the socket, before the
 * framework routes it (Fastify's `serverFactory`): the same answer as `sendPage`, with the
 * security headers, for the cost of a static file. Anything else (a miss, a stale page, a
 * bad Host, another method) returns false and goes through Fastify.
 */
export function answerHeldPage(held: (address: string) => CachedPage | undefined, securityHeaders: Record<string, string>) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.url === undefined || !isValidHost(req.headers.host)) return false;
    const page = held(req.url);
    if (!page || page.status !== 200) return false;
    const answer = pageAnswer(page, req.headers["if-none-match"], req.headers["accept-encoding"]);
    // A 304 carries only what updates the browser's copy (RFC 9110, 15.4.5).
    res.writeHead(answer.status, answer.status === 304 ? answer.headers : { ...securityHeaders, ...answer.headers, "Content-Length": String(answer.body?.byteLength ?? 0) });
    res.end(req.method === "HEAD" ? undefined : answer.body);
    return true;
  };
}
