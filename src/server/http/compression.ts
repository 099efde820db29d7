/**
 * Compression of answers made per request (service JSON, server-rendered HTML): brotli or
 * gzip, whichever the client prefers of the two. Built assets are compressed once at build
 * time instead (precompress.ts) and served as they are.
 */
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

export type Encoding = "br" | "gzip";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Bodies smaller than this gain less than the headers cost. */
export const minCompressBytes = 1024;

const compressibleType = /^(text\/|application\/(json|javascript|xml|manifest\+json|ld\+json)|image\/svg\+xml)/i;

export function isCompressible(contentType: string | null | undefined): boolean {
  return contentType !== null && contentType !== undefined && compressibleType.test(contentType);
}

/** The encoding to answer with: brotli over gzip at equal preference; a q of 0 refuses one. */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? (weights.get("*") ?? 0);
  const br = weightOf("br");
  const gz = weightOf("gzip");
  if (br > 0 && br >= gz) return "br";
  return gz > 0 ? "gzip" : null;
}

export function compress(body: Uint8Array, encoding: Encoding): Promise<Buffer> {
  // Quality 5: most of brotli's gain at a fraction of its top setting's time, for per-request work.
  if (encoding === "br") return brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } });
  return gzipAsync(body, { level: 6 });
}

/**
 * The body as it should go out, with the headers that say so. Always adds `Vary:
 * Accept-Encoding` for compressible types, so a shared cache keeps the variants apart.
 */
export async function encodeForClient(body: Uint8Array, contentType: string | null, acceptEncoding: string | undefined): Promise<{ body: Uint8Array; headers: Record<string, string> }> {
  if (!isCompressible(contentType)) return { body, headers: {} };
  const encoding = body.byteLength >= minCompressBytes ? negotiateEncoding(acceptEncoding) : null;
  if (!encoding) return { body, headers: { Vary: "Accept-Encoding" } };
  return { body: await compress(body, encoding), headers: { "Content-Encoding": encoding, Vary: "Accept-Encoding" } };
}
