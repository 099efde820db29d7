/**
 * `/_media/<path>`: the content service's media, answered from the site's own origin
 * (CONTENT-API 1, "Media addresses"; docs/media.md). A Fetch-API handler, so any server can
 * mount it. It asks the content service's origin and nothing else: a path that would leave it
 * is refused, a redirect elsewhere is not followed, only media types are passed on, a file
 * larger than the cap or slower than the time-out is refused, and what it fetched is kept on
 * disk (one fetch per address while it is fresh, however many visitors ask at once). Each answer
 * carries an ETag of its bytes, so a browser or CDN revalidating it gets a 304, not the file again.
 */
import fresh from "fresh";
import { extensionOf, isMediaPath, MEDIA_PREFIX, parseVariant } from "../../content/mediaAddress.ts";
import type { CachedFile, DiskCache } from "./diskCache.ts";

export type MediaHandler = (request: Request) => Promise<Response>;

export interface MediaOptions {
  /** The content service's origin (scheme, host, port): the only place media are fetched from. */
  origin: string;
  /** How media are fetched (the embedded fixture service answers in-process). */
  fetch?: typeof fetch;
  timeoutMs: number;
  /** The largest file passed on. */
  maxBytes: number;
  /** How long a fetched file is served before it is fetched again. */
  freshMs: number;
  cache: DiskCache;
  /** Resized copies of pictures (src/server/media/imageVariants.ts); without it, only originals are answered. */
  variants?: VariantMaker;
}

/**
 * Makes the resized copy of an original picture. It reads the original (`load`) only when its
 * turn comes, so the pictures waiting for their turn hold no memory.
 */
export type VariantMaker = (load: () => Promise<Buffer>, variant: NonNullable<ReturnType<typeof parseVariant>>) => Promise<{ bytes: Buffer; type: string }>;

/** Media answers are not hashed: a day in browsers and shared caches, then revalidated by address. */
export const mediaCacheControl = "public, max-age=86400, stale-while-revalidate=604800";

/** An SVG opened on its own must not run script with the site's origin. */
const svgPolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

/** The media types passed on, whatever the address says: pictures, videos, captions, documents and Lottie animations. */
const allowedTypes = new Set(["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif", "image/svg+xml", "video/mp4", "video/webm", "text/vtt", "application/pdf", "application/json"]);
const resizedTypes = ["image/jpeg", "image/png", "image/webp"];
const redirectLimit = 3;

/** Why a file is not passed on: the status and a line for the operator's log. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The content path of a request under the prefix, or null when it is none (or tries to leave the service's origin). */
function contentPath(pathname: string): string | null {
  if (!pathname.startsWith(`${MEDIA_PREFIX}/`)) return null;
  const path = pathname.slice(MEDIA_PREFIX.length);
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  // "//host/x" or "/\host" would name another host; ".." would climb out of the address given.
  if (decoded.startsWith("//") || decoded.includes("\\") || decoded.split("/").some((segment) => segment === ".." || segment === ".")) return null;
  return path;
}

/**
 * Whether a path is asked for at all: a media file's extension, or none (a service may name media
 * `/uploads/1234`; its answer's type decides then), never another extension (a page, a script)
 * and never the service's API.
 */
const mayBeMedia = (path: string) => (isMediaPath(path) || extensionOf(path.split(/[?#]/, 1)[0] ?? "") === "") && !/^\/api(\/|$)/i.test(path);

async function readWithin(response: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get("Content-Length") ?? "");
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw new Refusal(502, `larger than ${String(maxBytes)} bytes (${String(declared)})`);
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let seen = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    seen += value.length;
    if (seen > maxBytes) {
      await reader.cancel();
      throw new Refusal(502, `larger than ${String(maxBytes)} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** One job per key however many callers ask at once. */
function singleFlight<V>(): (key: string, job: () => Promise<V>) => Promise<V> {
  const running = new Map<string, Promise<V>>();
  return (key, job) => {
    const held = running.get(key);
    if (held) return held;
    const started = job().finally(() => running.delete(key));
    running.set(key, started);
    return started;
  };
}

export function createMediaHandler(options: MediaOptions): MediaHandler {
  const origin = new URL(options.origin).origin;
  const fetchMedia = options.fetch ?? fetch;
  const onceOriginal = singleFlight<CachedFile>();
  const once = singleFlight<CachedFile>();

  /** The file at `path` on the service's origin, following redirects only within that origin. */
  async function fetchOriginal(path: string): Promise<{ bytes: Buffer; type: string }> {
    let url = new URL(path, origin);
    const signal = AbortSignal.timeout(options.timeoutMs);
    for (let hop = 0; ; hop++) {
      if (url.origin !== origin) throw new Refusal(502, `redirected to another origin (${url.origin})`);
      const response = await fetchMedia(url, { redirect: "manual", signal, headers: { Accept: "image/*,video/*,text/vtt,application/pdf,application/json" } });
      const location = response.headers.get("Location");
      if (response.status >= 300 && response.status < 400 && location !== null) {
        await response.body?.cancel();
        if (hop >= redirectLimit) throw new Refusal(502, "too many redirects");
        url = new URL(location, url);
        continue;
      }
      if (response.status !== 200) {
        await response.body?.cancel();
        throw new Refusal(response.status === 404 || response.status === 410 ? 404 : 502, `the content service answered ${String(response.status)}`);
      }
      const type = (response.headers.get("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
      if (!allowedTypes.has(type)) {
        await response.body?.cancel();
        throw new Refusal(502, `not a media type: "${type}"`);
      }
      return { bytes: await readWithin(response, options.maxBytes), type };
    }
  }

  /** The original, from the disk cache while fresh, else fetched (once however many ask). */
  async function original(path: string): Promise<CachedFile> {
    const cached = await options.cache.get(`original ${path}`);
    if (cached && Date.now() - cached.stored < options.freshMs) return cached;
    return onceOriginal(`original ${path}`, async () => {
      const fetched = await fetchOriginal(path);
      return options.cache.set(`original ${path}`, fetched.bytes, fetched.type);
    });
  }

  async function variant(path: string, asked: NonNullable<ReturnType<typeof parseVariant>>, make: VariantMaker) {
    // The original's fetch time, known without reading it (fetched first when it is not fresh).
    const fetchedAt = options.cache.storedAt(`original ${asked.original}`);
    const stored = fetchedAt !== undefined && Date.now() - fetchedAt < options.freshMs ? fetchedAt : (await original(asked.original)).stored;
    // Keyed by the address and when its original was fetched: a changed original makes new copies.
    const key = `variant ${path} ${String(stored)}`;
    const cached = await options.cache.get(key);
    if (cached) return cached;
    return once(key, async () => {
      const made = await make(async () => {
        const source = await original(asked.original);
        if (!resizedTypes.includes(source.type)) throw new Refusal(404, `not a picture that is resized (${source.type})`);
        return source.bytes;
      }, asked);
      return options.cache.set(key, made.bytes, made.type);
    });
  }

  return async (request) => {
    if (request.method !== "GET" && request.method !== "HEAD") return new Response(null, { status: 405, headers: { Allow: "GET, HEAD" } });
    const path = contentPath(new URL(request.url).pathname);
    if (path === null || !mayBeMedia(path)) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
    try {
      const asked = options.variants ? parseVariant(path) : null;
      const file = asked && options.variants ? await variant(path, asked, options.variants) : await original(path);
      const type = file.type === "text/vtt" ? "text/vtt; charset=utf-8" : file.type;
      const headers: Record<string, string> = { "Content-Type": type, "Cache-Control": mediaCacheControl, ETag: file.etag };
      if (fresh(Object.fromEntries(request.headers), { etag: file.etag })) return new Response(null, { status: 304, headers: { "Cache-Control": mediaCacheControl, ETag: file.etag } });
      if (type === "image/svg+xml" || extensionOf(path) === "svg") headers["Content-Security-Policy"] = svgPolicy;
      return new Response(request.method === "HEAD" ? null : new Uint8Array(file.bytes), { status: 200, headers });
    } catch (error) {
      const refusal = error instanceof Refusal ? error : error instanceof Error && error.name === "TimeoutError" ? new Refusal(504, "the content service did not answer in time") : new Refusal(502, error instanceof Error ? error.message : String(error));
      if (refusal.status !== 404) console.warn(`media ${path}: ${refusal.message}`);
      return new Response(refusal.status === 404 ? "Not found" : "This file could not be loaded from the content service.", {
        status: refusal.status,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
      });
    }
  };
}
