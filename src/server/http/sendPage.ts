/**
 * A cached page sent as it is kept: the body the browser accepts (brotli, gzip or plain, chosen
 * by @fastify/accept-negotiator), `304 Not Modified` when the browser already has it (jshttp's
 * `fresh`, Express's own check: weak ETags, `*`, a reload's `no-cache`), and the
 * page's caching headers (./cachePolicy.ts `pageCaching`: revalidated by browsers, kept by a CDN,
 * with its cache tags), or no-store and Retry-After on a retry screen.
 * Each variant's answer is built once per page, its headers one flat array for `writeHead`, so a
 * request allocates nothing of ours: a held page costs what a static file does.
 */
import { negotiate } from "@fastify/accept-negotiator";
import fresh from "fresh";
import { LRUCache } from "lru-cache";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { CachedPage } from "../pageCache.ts";
import { cacheControl, pageCaching, type EdgePolicy } from "./cachePolicy.ts";
import { isValidHost } from "./security.ts";
import { retryAfterSeconds } from "../../content/settings.ts";

/** What a request for a page gets: a 304, or the body in the encoding it accepts. */
type Variant = "304" | "br" | "gzip" | "identity";

/**
 * Accept-Encoding values repeat (one per browser build): each is negotiated once, the 256 most
 * recently seen kept, so a client sending a new value every time costs no memory.
 */
const negotiated = new LRUCache<string, Variant>({ max: 256 });
function encodingFor(acceptEncoding = ""): Variant {
  const known = negotiated.get(acceptEncoding);
  if (known) return known;
  const chosen = negotiate(acceptEncoding, ["br", "gzip"]);
  const variant = chosen === "br" || chosen === "gzip" ? chosen : "identity";
  negotiated.set(acceptEncoding, variant);
  return variant;
}

interface Answer {
  status: number;
  headers: string[];
  body?: Buffer;
}

/** A page's answer in one variant; every answer but a 304 carries the security headers. */
function answerOf(page: CachedPage, variant: Variant, securityHeaders: Record<string, string>, edge: EdgePolicy): Answer {
  const flat = (status: number, headers: Record<string, string>, body?: Buffer): Answer => {
    // A 304 carries only what updates the browser's copy (RFC 9110, 15.4.5; Date is Node's), not the CSP again.
    const all = status === 304 ? headers : { ...securityHeaders, ...headers, "Content-Length": String(body?.byteLength ?? 0) };
    return { status, headers: Object.entries(all).flat(), ...(body ? { body } : {}) };
  };
  // Every answer a visitor could share, a 404 and a redirect too, is kept by a CDN under its tags; a retry screen nowhere.
  if (page.location !== undefined) return flat(page.status, { Location: page.location, ...pageCaching(edge, "shared", page.tags) });
  const caching: Record<string, string> = page.status === 503 ? { "Retry-After": page.retryAfter ?? String(retryAfterSeconds), "Cache-Control": cacheControl.noStore } : { ...pageCaching(edge, "shared", page.tags), ETag: page.etag };
  if (variant === "304") return flat(304, { ...caching, Vary: "Accept-Encoding" });
  const encoding: Record<string, string> = variant === "identity" ? {} : { "Content-Encoding": variant };
  return flat(page.status, { ...caching, Vary: "Accept-Encoding", "Content-Type": "text/html; charset=utf-8", ...encoding }, variant === "identity" ? page.html : page[variant]);
}

export type PageWriter = (req: IncomingMessage, res: ServerResponse, page: CachedPage) => void;

/** Writes a page on the socket (Fastify's page route hands it its raw request and response); `edge`: the shared lifetimes and the CDN whose tag header the page carries. */
export function pageWriter(securityHeaders: Record<string, string>, edge: EdgePolicy): PageWriter {
  const built = new WeakMap<CachedPage, Map<Variant, Answer>>();
  return (req, res, page) => {
    const variant = page.status === 200 && fresh(req.headers, { etag: page.etag }) ? "304" : encodingFor(req.headers["accept-encoding"]);
    let variants = built.get(page);
    if (!variants) built.set(page, (variants = new Map<Variant, Answer>()));
    let answer = variants.get(variant);
    // Built again once the page's bodies were recompressed at the best level (src/server/pageCache.ts `idleRecompression`).
    const recompressed = (variant === "br" || variant === "gzip") && page.location === undefined && answer?.body !== page[variant];
    if (!answer || recompressed) variants.set(variant, (answer = answerOf(page, variant, securityHeaders, edge)));
    res.writeHead(answer.status, answer.headers);
    res.end(req.method === "HEAD" ? undefined : answer.body);
  };
}

/**
 * Answers a GET or HEAD for a page held fresh in the cache straight on the socket, before the
 * framework routes it (Fastify's `serverFactory`). Anything else (a miss, a stale page, a bad
 * Host, another method) returns false and goes through Fastify.
 */
export function answerHeldPage(held: (address: string) => CachedPage | undefined, write: PageWriter) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.url === undefined || !isValidHost(req.headers.host)) return false;
    const page = held(req.url);
    if (page?.status !== 200) return false;
    write(req, res, page);
    return true;
  };
}
