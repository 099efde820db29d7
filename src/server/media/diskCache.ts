/**
 * Files kept on disk under a size cap, least recently used dropped first. The index is an
 * lru-cache (its `maxSize` and `dispose` do the bookkeeping; a dropped entry's file is removed);
 * it lives in memory, so a process starts with an empty directory of its own. A fetched file is
 * written as it streams in and answered by streaming it out (`open`): its bytes are never held in
 * memory whole, however large it is or however many download it at once.
 */
import { mkdirSync, rmSync } from "node:fs";
import { open, readFile, rename, rm, writeFile, type FileHandle } from "node:fs/promises";
import { createHash, randomUUID } from "node:crypto";
import { join } from "node:path";
import { LRUCache } from "lru-cache";
import { weakEtag, weakEtagOf } from "../http/cachePolicy.ts";

export interface CachedFile {
  bytes: Buffer;
  type: string;
  /** When it was stored (ms since the epoch). */
  stored: number;
  /** A validator of its bytes, the same on every instance: browsers and CDNs revalidate with it. */
  etag: string;
}

/** A kept file opened for reading: the caller reads from `handle` and closes it. */
export interface OpenFile {
  handle: FileHandle;
  size: number;
  type: string;
  stored: number;
  etag: string;
}

interface Entry {
  file: string;
  type: string;
  stored: number;
  etag: string;
  size: number;
}

export interface DiskCache {
  get(key: string): Promise<CachedFile | undefined>;
  /** The file under `key` opened for streaming (an evicted file stays readable through its handle); undefined when there is none. */
  open(key: string): Promise<OpenFile | undefined>;
  /** When the file under `key` was stored, without reading it; undefined when there is none. */
  storedAt(key: string): number | undefined;
  /** Stores the file (unless it alone is over the cap); the file as it will be answered. */
  set(key: string, bytes: Buffer, type: string): Promise<CachedFile>;
  /**
   * Stores a body as it streams in, a chunk at a time, refusing it with `tooLarge()` once it passes
   * `maxBytes`; false when it is kept no longer (alone over the cache's cap).
   */
  write(key: string, body: ReadableStream<Uint8Array> | null, type: string, limit: { maxBytes: number; tooLarge: () => Error }): Promise<boolean>;
  /** Bytes held now. */
  readonly size: number;
}

export function createDiskCache(options: { dir: string; maxBytes: number; now?: () => number }): DiskCache {
  const now = options.now ?? Date.now;
  rmSync(options.dir, { recursive: true, force: true });
  mkdirSync(options.dir, { recursive: true });
  const fileOf = (key: string) => join(options.dir, createHash("sha256").update(key).digest("hex"));
  const entries = new LRUCache<string, Entry>({
    maxSize: options.maxBytes,
    // A replaced entry keeps its file (the same name, just written again); an evicted or deleted one loses it.
    dispose: (entry, _key, reason) => void (reason === "set" ? undefined : rm(entry.file, { force: true })),
  });
  /** lru-cache counts sizes of 1 and up; an empty file costs one. */
  const keep = (key: string, entry: Entry) => entries.set(key, entry, { size: Math.max(1, entry.size) });

  return {
    get size() {
      return entries.calculatedSize;
    },
    storedAt(key) {
      return entries.peek(key)?.stored;
    },
    async get(key) {
      // Read as the most recently used.
      const entry = entries.get(key);
      if (!entry) return undefined;
      try {
        return { bytes: await readFile(entry.file), type: entry.type, stored: entry.stored, etag: entry.etag };
      } catch {
        // Removed underneath us (a cleaner of the temporary directory): fetched again.
        entries.delete(key);
        return undefined;
      }
    },
    async open(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      try {
        return { handle: await open(entry.file, "r"), size: entry.size, type: entry.type, stored: entry.stored, etag: entry.etag };
      } catch {
        entries.delete(key);
        return undefined;
      }
    },
    async set(key, bytes, type) {
      const stored = now();
      const etag = weakEtag(bytes);
      if (bytes.length <= options.maxBytes) {
        const file = fileOf(key);
        await writeFile(file, bytes);
        keep(key, { file, type, stored, etag, size: bytes.length });
      }
      return { bytes, type, stored, etag };
    },
    async write(key, body, type, limit) {
      const file = fileOf(key);
      // Written beside its place and renamed into it: a reader of the previous copy keeps reading that one.
      const part = `${file}.${randomUUID()}.part`;
      const handle = await open(part, "w");
      const sha256 = createHash("sha256");
      let size = 0;
      try {
        const reader = body?.getReader();
        for (;;) {
          if (!reader) break;
          const { done, value } = await reader.read();
          if (done) break;
          size += value.length;
          if (size > limit.maxBytes) {
            await reader.cancel();
            throw limit.tooLarge();
          }
          sha256.update(value);
          await handle.write(value);
        }
      } catch (error) {
        await handle.close();
        await rm(part, { force: true });
        throw error;
      }
      await handle.close();
      if (size > options.maxBytes) {
        await rm(part, { force: true });
        return false;
      }
      await rename(part, file);
      keep(key, { file, type, stored: now(), etag: weakEtagOf(sha256), size });
      return true;
    },
  };
}
