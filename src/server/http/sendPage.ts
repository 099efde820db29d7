/**
 * A cached page sent as it is kept: the body the browser accepts (brotli, gzip or plain, chosen
 * by @fastify/accept-negotiator), `304 Not Modified` when the browser already has it, and the
 * page's caching headers: revalidated HTML, or no-store and Retry-After on a retry screen.
 */
import { negotiate } from "@fastify/accept-negotiator";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { CachedPage } from "../pageCache.ts";
import { cacheControl } from "./cachePolicy.ts";

/** Whether If-None-Match names this ETag (weak comparison, as RFC 9110 asks for it). */
function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch || !etag) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

export function sendPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage): FastifyReply {
  if (page.location !== undefined) return reply.code(page.status).header("Location", page.location).header("Cache-Control", cacheControl.html).send();
  reply.header("Vary", "Accept-Encoding");
  if (page.status === 503) reply.header("Retry-After", "30").header("Cache-Control", cacheControl.noStore);
  else reply.header("Cache-Control", cacheControl.html).header("ETag", page.etag);
  if (page.status === 200 && notModified(request.headers["if-none-match"], page.etag)) return reply.code(304).send();
  reply.code(page.status).type("text/html; charset=utf-8");
  const encoding = negotiate(request.headers["accept-encoding"] ?? "", ["br", "gzip"]);
  if (encoding === "br") return reply.header("Content-Encoding", "br").send(page.br);
  if (encoding === "gzip") return reply.header("Content-Encoding", "gzip").send(page.gzip);
  return reply.send(page.html);
}
