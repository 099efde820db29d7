/**
 * Files kept on disk under a size cap, least recently used dropped first. The index is an
 * lru-cache (its `maxSize` and `dispose` do the bookkeeping; a dropped entry's file is removed);
 * it lives in memory, so a process starts with an empty directory of its own, and the bytes
 * never stay in memory longer than one answer needs them.
 */
import { mkdirSync, rmSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { LRUCache } from "lru-cache";
import { weakEtag } from "../http/cachePolicy.ts";

export interface CachedFile {
  bytes: Buffer;
  type: string;
  /** When it was stored (ms since the epoch). */
  stored: number;
  /** A validator of its bytes, the same on every instance: browsers and CDNs revalidate with it. */
  etag: string;
}

interface Entry {
  file: string;
  type: string;
  stored: number;
  etag: string;
}

export interface DiskCache {
  get(key: string): Promise<CachedFile | undefined>;
  /** When the file under `key` was stored, without reading it; undefined when there is none. */
  storedAt(key: string): number | undefined;
  /** Stores the file (unless it alone is over the cap); the file as it will be answered. */
  set(key: string, bytes: Buffer, type: string): Promise<CachedFile>;
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
    async set(key, bytes, type) {
      const stored = now();
      const etag = weakEtag(bytes);
      if (bytes.length > 0 && bytes.length <= options.maxBytes) {
        const file = fileOf(key);
        await writeFile(file, bytes);
        entries.set(key, { file, type, stored, etag }, { size: bytes.length });
      }
      return { bytes, type, stored, etag };
    },
  };
}
