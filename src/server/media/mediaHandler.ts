/**
 * `/_media/<path>`: the content service's media, answered from the site's own origin
 * (CONTENT-API 1, "Media addresses"; docs/media.md). A Fetch-API handler, so any server can
 * mount it. It asks the content service's origin and nothing else: a path that would leave it
 * is refused, a redirect elsewhere is not followed, only media types are passed on, a file
 * larger than the cap or slower than the time-out is refused, and what it fetched is kept on
 * disk (one fetch per address while it is fresh, however many visitors ask at once; only a few
 * fetches at a time). A file is written to disk as it arrives and answered by streaming it from
 * there, whole or the byte range asked for (`Range`, 206: a phone seeking in a video), so memory
 * does not grow with its size or the number of downloads. Each answer carries an ETag of its
 * bytes, so a browser or CDN revalidating it gets a 304, not the file again.
 */
import { parse as parseContentType } from "content-type";
import fresh from "fresh";
import type { FileHandle } from "node:fs/promises";
import { LRUCache } from "lru-cache";
import pLimit from "p-limit";
import { contentApiPrefix } from "../../content/calls.ts";
import { retryInAMomentSeconds } from "../../content/settings.ts";
import { canonicalMediaPath, extensionOf, isMediaPath, isOtherVariantSpelling, MEDIA_PREFIX, parseAnimationStill, parseVariant } from "../../content/mediaAddress.ts";
import { cacheControl } from "../http/cachePolicy.ts";
import type { CachedFile, DiskCache, OpenFile } from "./diskCache.ts";

export type MediaHandler = (request: Request) => Promise<Response>;

/** A media request of an editor's preview: answered from the service with `headers` (its token), and kept nowhere. */
export type PreviewMediaHandler = (request: Request, headers: Record<string, string>) => Promise<Response>;

export interface MediaOptions {
  /** The content service's origin (scheme, host, port): the only place media are fetched from. */
  origin: string;
  /** Where a file the handler refused (too large, a picture it will not resize) is reported (the server's log). */
  warn?: (message: string) => void;
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
  /** The stills of Lottie animations (src/server/media/animationStills.ts); without it, none. */
  stills?: DerivedFile;
  /** Files fetched from the content service at the same time (default 4); the others wait their turn. */
  fetchesInFlight?: number;
}

/**
 * Makes the resized copy of an original picture. It reads the original (`load`) only when its
 * turn comes, so the pictures waiting for their turn hold no memory.
 */
export type VariantMaker = (load: () => Promise<Buffer>, variant: NonNullable<ReturnType<typeof parseVariant>>) => Promise<{ bytes: Buffer; type: string }>;

/** A file the handler makes from an original of one of the `sources` types (a still of an animation), reading it only when its turn comes. */
export interface DerivedFile {
  sources: readonly string[];
  make: (load: () => Promise<Buffer>) => Promise<{ bytes: Buffer; type: string }>;
}

/** Media answers are not hashed: a day in browsers and shared caches, then revalidated by address. */
export const mediaCacheControl = "public, max-age=86400, stale-while-revalidate=604800";

/** An SVG opened on its own must not run script with the site's origin. */
const svgPolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

/** The media types passed on, whatever the address says: pictures, videos, captions, documents and Lottie animations. */
const allowedTypes = new Set(["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif", "image/svg+xml", "video/mp4", "video/webm", "text/vtt", "application/pdf", "application/json"]);
const resizedTypes = ["image/jpeg", "image/png", "image/webp"];
const redirectLimit = 3;

/** Why a file is not passed on: the status and a line for the operator's log. */
export class MediaRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The content path of a request under the prefix in its one spelling (canonicalMediaPath: every
 * spelling of a file is one fetch, one resize, one copy on disk), and decoded; null when it is
 * none, does not round-trip, or tries to leave the service's origin ("//host/x", "/\\host", "..").
 */
function contentPath(pathname: string): { path: string; decoded: string } | null {
  if (!pathname.startsWith(`${MEDIA_PREFIX}/`)) return null;
  const path = canonicalMediaPath(pathname.slice(MEDIA_PREFIX.length));
  return path === null ? null : { path, decoded: decodeURIComponent(path) };
}

/**
 * Whether a path is asked for at all: a media file's extension, or none (a service may name media
 * `/uploads/1234`; its answer's type decides then), never another extension (a page, a script)
 * and never the service's API, however it is spelled (`/%61pi/`, `/api%2fpage%2fget`: the decoded path counts).
 */
const mayBeMedia = ({ path, decoded }: { path: string; decoded: string }) =>
  (isMediaPath(path) || extensionOf(path.split(/[?#]/, 1)[0] ?? "") === "") && !isContentApiPath(decoded) && !isOtherVariantSpelling(path);

/** The content service's API itself (`/api`, `/api/…`, any case): the calls table's prefix. */
const isContentApiPath = (decoded: string) => {
  const path = decoded.toLowerCase();
  return path === contentApiPrefix.slice(0, -1) || path.startsWith(contentApiPrefix);
};

/** The bytes asked for: one range (`bytes=a-b`, `a-`, `-n`), or null for the whole file (several ranges are answered whole, as RFC 9110 allows). */
export function byteRange(header: string | null, size: number): { start: number; end: number } | "unsatisfiable" | null {
  const match = header === null ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return null;
  const [first, last] = [match[1] ?? "", match[2] ?? ""];
  if (first === "") {
    const suffix = Number(last);
    return suffix === 0 || size === 0 ? "unsatisfiable" : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== "" && Number(last) < start) return null;
  return start >= size ? "unsatisfiable" : { start, end };
}

/** Chunks read from disk at a time. */
const chunkBytes = 64 * 1024;

/**
 * The bytes `start`..`end` of an open file as a stream read a chunk at a time, only as fast as the
 * client takes them (one chunk queued): a slow download holds 64 kB, not the file. Closes the file.
 */
function fileStream(handle: FileHandle, start: number, end: number): ReadableStream<Uint8Array> {
  let position = start;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const length = Math.min(chunkBytes, end + 1 - position);
        const { bytesRead, buffer } = length > 0 ? await handle.read(Buffer.allocUnsafe(length), 0, length, position) : { bytesRead: 0, buffer: Buffer.alloc(0) };
        if (bytesRead === 0) {
          await handle.close();
          controller.close();
          return;
        }
        position += bytesRead;
        controller.enqueue(buffer.subarray(0, bytesRead));
      },
      cancel: () => handle.close(),
    },
    { highWaterMark: 1 },
  );
}

/** A file to answer with: on disk (streamed), or in memory when the cache could not keep it. */
interface Answerable {
  size: number;
  type: string;
  etag: string;
  body(start: number, end: number): ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>;
  /** Releases it when no body is sent (HEAD, 304, 416). */
  release(): Promise<void>;
}

const onDisk = (file: OpenFile): Answerable => ({ ...file, body: (start, end) => fileStream(file.handle, start, end), release: () => file.handle.close() });
const inMemory = (file: CachedFile): Answerable => ({ size: file.bytes.length, type: file.type, etag: file.etag, body: (start, end) => new Uint8Array(file.bytes.subarray(start, end + 1)), release: () => Promise.resolve() });

/**
 * One job per key however many callers ask at once: lru-cache's `fetch` shares the job in flight.
 * Nothing settled is kept here (the file is on disk, or its bytes are too large for the disk
 * cache and must not stay in memory): every answer is sized past `maxEntrySize`, so lru-cache
 * hands it to its callers and stores none. At most 10,000 jobs are shared at once; one pushed out
 * still ends for whoever waits on it (`ignoreFetchAbort`).
 */
function singleFlight<V>(): (key: string, job: () => Promise<V>) => Promise<V> {
  const running = new LRUCache<string, { answer: V }, () => Promise<V>>({
    maxSize: 10_000,
    maxEntrySize: 1,
    sizeCalculation: () => 2,
    ignoreFetchAbort: true,
    fetchMethod: async (_key, _stale, { context }) => ({ answer: await context() }),
  });
  return async (key, job) => {
    const done = await running.fetch(key, { context: job });
    if (done === undefined) throw new MediaRefusal(503, "the media job was dropped before it ended");
    return done.answer;
  };
}

const refusalAnswer = (refusal: MediaRefusal) =>
  new Response(refusal.status === 404 ? "Not found" : refusal.status === 503 ? "Busy: please try again in a moment." : "This file could not be loaded from the content service.", {
    status: refusal.status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": cacheControl.noStore, ...(refusal.status === 503 ? { "Retry-After": String(retryInAMomentSeconds) } : {}) },
  });

export function createMediaHandler(options: MediaOptions): MediaHandler & { preview: PreviewMediaHandler } {
  const origin = new URL(options.origin).origin;
  const fetchMedia = options.fetch ?? fetch;
  const onceOriginal = singleFlight<undefined>();
  const once = singleFlight<CachedFile | null>();
  // A fetch streams to disk, so waiting fetches hold nothing; a few at a time keep the service and the disk from a flood.
  const fetchTurn = pLimit(options.fetchesInFlight ?? 4);
  // A copy that could not be made (a picture too large to resize, an animation too heavy to draw) is not tried again
  // for every request while its original is unchanged: a stranger asking for it over and over would keep a core busy.
  const refusedCopies = new LRUCache<string, MediaRefusal>({ max: 1000, ttl: options.freshMs });

  /** The file at `path` on the service's origin, following redirects only within that origin: its type and body, checked, not yet read. */
  async function fetchChecked(path: string, headers: Record<string, string> = {}): Promise<{ type: string; body: ReadableStream<Uint8Array> | null }> {
    let url = new URL(path, origin);
    const signal = AbortSignal.timeout(options.timeoutMs);
    for (let hop = 0; ; hop++) {
      if (url.origin !== origin) throw new MediaRefusal(502, `redirected to another origin (${url.origin})`);
      const response = await fetchMedia(url, { redirect: "manual", signal, headers: { Accept: "image/*,video/*,text/vtt,application/pdf,application/json", ...headers } });
      const location = response.headers.get("Location");
      if (response.status >= 300 && response.status < 400 && location !== null) {
        await response.body?.cancel();
        if (hop >= redirectLimit) throw new MediaRefusal(502, "too many redirects");
        url = new URL(location, url);
        continue;
      }
      if (response.status !== 200) {
        await response.body?.cancel();
        throw new MediaRefusal(response.status === 404 || response.status === 410 ? 404 : 502, `the content service answered ${String(response.status)}`);
      }
      const { type } = parseContentType(response.headers.get("Content-Type") ?? "", { parameters: false });
      // JSON only under a .json name (a Lottie animation): a path without extension is a picture, video or document, never an API answer.
      if (!allowedTypes.has(type) || (type === "application/json" && extensionOf(path) !== "json")) {
        await response.body?.cancel();
        throw new MediaRefusal(502, `not a media type: "${type}"`);
      }
      const declared = Number(response.headers.get("Content-Length") ?? "");
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        await response.body?.cancel();
        throw new MediaRefusal(502, `larger than ${String(options.maxBytes)} bytes (${String(declared)})`);
      }
      return { type, body: response.body };
    }
  }

  /** Fetches the file at `path` on the service's origin to the disk cache. */
  async function fetchOriginal(path: string, key: string): Promise<undefined> {
    const { type, body } = await fetchChecked(path);
    const kept = await options.cache.write(key, body, type, { maxBytes: options.maxBytes, tooLarge: tooLarge });
    if (!kept) throw new MediaRefusal(502, "larger than the media cache (MEDIA_CACHE_MB)");
    return undefined;
  }

  const tooLarge = () => new MediaRefusal(502, `larger than ${String(options.maxBytes)} bytes`);

  /** A body that fails past the size cap as it streams (a preview's file is never read whole to check it). */
  const capped = (body: ReadableStream<Uint8Array> | null): ReadableStream<Uint8Array> | null => {
    if (!body) return null;
    let bytes = 0;
    return body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          bytes += chunk.byteLength;
          if (bytes > options.maxBytes) controller.error(tooLarge());
          else controller.enqueue(chunk);
        },
      }),
    );
  };

  /** The original on disk, opened: kept while fresh, else fetched (once however many ask). */
  async function original(path: string): Promise<OpenFile> {
    const key = `original ${path}`;
    const storedAt = options.cache.storedAt(key);
    if (storedAt !== undefined && Date.now() - storedAt < options.freshMs) {
      const kept = await options.cache.open(key);
      if (kept) return kept;
    }
    await onceOriginal(key, () => fetchTurn(() => fetchOriginal(path, key)));
    const fetched = await options.cache.open(key);
    if (!fetched) throw new MediaRefusal(502, "dropped from the media cache as it was fetched");
    return fetched;
  }

  /** A file made from the original at `originalPath` (a resized picture, an animation's still), kept on disk and made once. */
  async function derived(path: string, originalPath: string, { sources, make }: DerivedFile): Promise<Answerable> {
    // The original's fetch time, known without reading it (fetched first when it is not fresh).
    const fetchedAt = options.cache.storedAt(`original ${originalPath}`);
    const stored = fetchedAt !== undefined && Date.now() - fetchedAt < options.freshMs ? fetchedAt : await original(originalPath).then(async (file) => (await file.handle.close(), file.stored));
    // Keyed by the address and when its original was fetched: a changed original makes new copies.
    const key = `variant ${path} ${String(stored)}`;
    const kept = await options.cache.open(key);
    if (kept) return onDisk(kept);
    const refused = refusedCopies.get(key);
    if (refused) throw refused;
    const made = await once(key, async () => {
      const copy = await make(async () => {
        const source = await original(originalPath);
        try {
          if (!sources.includes(source.type)) throw new MediaRefusal(404, `not a file this is made from (${source.type})`);
          return await source.handle.readFile();
        } finally {
          await source.handle.close();
        }
      });
      const file = await options.cache.set(key, copy.bytes, copy.type);
      return options.cache.storedAt(key) === undefined ? file : null;
    }).catch((error: unknown) => {
      // Not a busy queue (503) or a slow service: those may pass next time.
      if (error instanceof MediaRefusal && (error.status === 502 || error.status === 404)) refusedCopies.set(key, error);
      throw error;
    });
    if (made) return inMemory(made);
    const written = await options.cache.open(key);
    if (!written) throw new MediaRefusal(502, "dropped from the media cache as it was made");
    return onDisk(written);
  }

  /** The file `path` names: a resized picture or an animation's still when it names one and the handler makes them, else the original. */
  async function answerable(path: string): Promise<Answerable> {
    const { variants, stills } = options;
    const resized = variants ? parseVariant(path) : null;
    if (resized && variants) return derived(path, resized.original, { sources: resizedTypes, make: (load) => variants(load, resized) });
    const still = stills ? parseAnimationStill(path) : null;
    if (still && stills) return derived(path, still.original, stills);
    return onDisk(await original(path));
  }

  /** The refusal of a failed media answer, logged unless it is a 404. */
  const failed = (path: string, error: unknown) => {
    const refusal = error instanceof MediaRefusal ? error : error instanceof Error && error.name === "TimeoutError" ? new MediaRefusal(504, "the content service did not answer in time") : new MediaRefusal(502, error instanceof Error ? error.message : String(error));
    if (refusal.status !== 404) (options.warn ?? console.warn)(`media ${path}: ${refusal.message}`);
    return refusalAnswer(refusal);
  };

  /**
   * A preview's media (CONTENT-API 9: "no media cache"): the original fetched from the service
   * with the preview's headers and streamed on, a resized copy or still made from it in memory,
   * within the same limits, kept nowhere, answered `private, no-store` without an ETag.
   */
  const preview: PreviewMediaHandler = async (request, headers) => {
    if (request.method !== "GET" && request.method !== "HEAD") return new Response(null, { status: 405, headers: { Allow: "GET, HEAD" } });
    const asked = contentPath(new URL(request.url).pathname);
    if (asked === null || !mayBeMedia(asked)) return refusalAnswer(new MediaRefusal(404, "not media"));
    const { path } = asked;
    const answer = (type: string, body: BodyInit | null) => {
      const answerHeaders: Record<string, string> = { "Content-Type": type === "text/vtt" ? "text/vtt; charset=utf-8" : type, "Cache-Control": cacheControl.personal };
      if (type === "image/svg+xml" || extensionOf(path) === "svg") answerHeaders["Content-Security-Policy"] = svgPolicy;
      return new Response(request.method === "HEAD" ? null : body, { status: 200, headers: answerHeaders });
    };
    try {
      const { variants, stills } = options;
      const resized = variants ? parseVariant(path) : null;
      const still = stills ? parseAnimationStill(path) : null;
      const derive = resized && variants ? { original: resized.original, sources: resizedTypes, make: (load: () => Promise<Buffer>) => variants(load, resized) } : still && stills ? { original: still.original, ...stills } : null;
      if (derive) {
        const made = await derive.make(async () => {
          const source = await fetchTurn(() => fetchChecked(derive.original, headers));
          if (!derive.sources.includes(source.type)) throw new MediaRefusal(404, `not a file this is made from (${source.type})`);
          return Buffer.from(await new Response(capped(source.body)).arrayBuffer());
        });
        return answer(made.type, new Uint8Array(made.bytes));
      }
      const { type, body } = await fetchTurn(() => fetchChecked(path, headers));
      return answer(type, capped(body));
    } catch (error) {
      return failed(path, error);
    }
  };

  const handler: MediaHandler = async (request) => {
    if (request.method !== "GET" && request.method !== "HEAD") return new Response(null, { status: 405, headers: { Allow: "GET, HEAD" } });
    const asked = contentPath(new URL(request.url).pathname);
    if (asked === null || !mayBeMedia(asked)) return refusalAnswer(new MediaRefusal(404, "not media"));
    const { path } = asked;
    try {
      const file = await answerable(path);
      const type = file.type === "text/vtt" ? "text/vtt; charset=utf-8" : file.type;
      const headers: Record<string, string> = { "Content-Type": type, "Cache-Control": mediaCacheControl, ETag: file.etag, "Accept-Ranges": "bytes" };
      if (fresh(Object.fromEntries(request.headers), { etag: file.etag })) {
        await file.release();
        return new Response(null, { status: 304, headers: { "Cache-Control": mediaCacheControl, ETag: file.etag } });
      }
      if (type === "image/svg+xml" || extensionOf(path) === "svg") headers["Content-Security-Policy"] = svgPolicy;
      // A range only of this very file: with If-Range (our ETags are weak, which never match it) the whole file.
      const range = request.headers.has("If-Range") ? null : byteRange(request.headers.get("Range"), file.size);
      if (range === "unsatisfiable") {
        await file.release();
        return new Response(null, { status: 416, headers: { ...headers, "Content-Range": `bytes */${String(file.size)}` } });
      }
      if (request.method === "HEAD" || file.size === 0) {
        await file.release();
        return new Response(null, { status: 200, headers: { ...headers, "Content-Length": String(file.size) } });
      }
      if (range) {
        return new Response(file.body(range.start, range.end), {
          status: 206,
          headers: { ...headers, "Content-Range": `bytes ${String(range.start)}-${String(range.end)}/${String(file.size)}`, "Content-Length": String(range.end - range.start + 1) },
        });
      }
      return new Response(file.body(0, file.size - 1), { status: 200, headers: { ...headers, "Content-Length": String(file.size) } });
    } catch (error) {
      return failed(path, error);
    }
  };
  return Object.assign(handler, { preview });
}
