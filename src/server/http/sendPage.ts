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
  if (ifNoneMatch === etag) return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

/** What a request for a page gets: a 304, or the body in the encoding it accepts. */
type Variant = "304" | "br" | "gzip" | "identity";

/** Accept-Encoding values repeat (one per browser build): each is negotiated once. */
const negotiated = new Map<string, Variant>();
function encodingFor(acceptEncoding = ""): Variant {
  const known = negotiated.get(acceptEncoding);
  if (known) return known;
  const chosen = negotiate(acceptEncoding, ["br", "gzip"]);
  const variant = chosen === "br" || chosen === "gzip" ? chosen : "identity";
  if (negotiated.size >= 256) negotiated.clear();
  negotiated.set(acceptEncoding, variant);
  return variant;
}

function variantOf(page: CachedPage, ifNoneMatch: string | undefined, acceptEncoding: string | undefined): Variant {
  return page.status === 200 && notModified(ifNoneMatch, page.etag) ? "304" : encodingFor(acceptEncoding);
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body?: Buffer;
}

/** The status, headers and body of a page's variant. */
function pageAnswer(page: CachedPage, variant: Variant): Answer {
  if (page.location !== undefined) return { status: page.status, headers: { Location: page.location, "Cache-Control": cacheControl.html } };
  const caching: Record<string, string> = page.status === 503 ? { "Retry-After": "30", "Cache-Control": cacheControl.noStore } : { "Cache-Control": cacheControl.html, ETag: page.etag };
  // A 304 carries what a 200 would of Cache-Control, ETag and Vary (RFC 9110, 15.4.5; Date is Node's).
  const headers = { ...caching, Vary: "Accept-Encoding" };
  if (variant === "304") return { status: 304, headers };
  const body = variant === "identity" ? page.html : page[variant];
  return { status: page.status, headers: { ...headers, "Content-Type": "text/html; charset=utf-8", ...(variant === "identity" ? {} : { "Content-Encoding": variant }) }, body };
}

export function sendPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage): FastifyReply {
  const answer = pageAnswer(page, variantOf(page, request.headers["if-none-match"], request.headers["accept-encoding"]));
  return reply.code(answer.status).headers(answer.headers).send(answer.body);
}

/** A variant's status line and headers as one flat array (`writeHead`'s fastest form), and its body. */
interface Wire {
  status: number;
  headers: string[];
  body: Buffer | undefined;
}

/**
 * Answers a GET or HEAD for a page held fresh in the cache straight on the socket, before the
 * framework routes it (Fastify's `serverFactory`): the same answer as `sendPage`, with the
 * security headers, for the cost of a static file. Each variant's headers are built once per
 * page (a flat array for `writeHead`), so a request allocates nothing of ours. Anything else (a
 * miss, a stale page, a bad Host, another method) returns false and goes through Fastify.
 */
export function answerHeldPage(held: (address: string) => CachedPage | undefined, securityHeaders: Record<string, string>) {
  const built = new WeakMap<CachedPage, Map<Variant, Wire>>();
  const wire = (page: CachedPage, variant: Variant): Wire => {
    let variants = built.get(page);
    if (!variants) built.set(page, (variants = new Map<Variant, Wire>()));
    let answer = variants.get(variant);
    if (!answer) {
      const { status, headers, body } = pageAnswer(page, variant);
      // A 304 carries only what updates the browser's copy (RFC 9110, 15.4.5), not the CSP again.
      const all = status === 304 ? headers : { ...securityHeaders, ...headers, "Content-Length": String(body?.byteLength ?? 0) };
      answer = { status, headers: Object.entries(all).flat(), body };
      variants.set(variant, answer);
    }
    return answer;
  };
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.url === undefined || !isValidHost(req.headers.host)) return false;
    const page = held(req.url);
    if (!page || page.status !== 200) return false;
    const answer = wire(page, variantOf(page, req.headers["if-none-match"], req.headers["accept-encoding"]));
    res.writeHead(answer.status, answer.headers);
    res.end(req.method === "HEAD" ? undefined : answer.body);
    return true;
  };
}
