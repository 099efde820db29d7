/**
 * Files kept on disk under a size cap, least recently used dropped first. The index lives in
 * memory, so a process starts with an empty directory of its own; the bytes never stay in
 * memory longer than one answer needs them.
 */
import { mkdirSync, rmSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import { createHash } from "node:crypto";
import { join } from "node:path";

export interface CachedFile {
  bytes: Buffer;
  type: string;
  /** When it was stored (ms since the epoch). */
  stored: number;
}

interface Entry {
  file: string;
  size: number;
  type: string;
  stored: number;
}

export interface DiskCache {
  get(key: string): Promise<CachedFile | undefined>;
  /** When the file under `key` was stored, without reading it; undefined when there is none. */
  storedAt(key: string): number | undefined;
  /** Stores the file (unless it alone is over the cap) and says when it was stored. */
  set(key: string, bytes: Buffer, type: string): Promise<number>;
  /** Bytes held now. */
  readonly size: number;
}

export function createDiskCache(options: { dir: string; maxBytes: number; now?: () => number }): DiskCache {
  const now = options.now ?? Date.now;
  rmSync(options.dir, { recursive: true, force: true });
  mkdirSync(options.dir, { recursive: true });
  const entries = new Map<string, Entry>();
  let total = 0;

  const drop = (key: string, entry: Entry) => {
    entries.delete(key);
    total -= entry.size;
    return rm(entry.file, { force: true });
  };

  return {
    get size() {
      return total;
    },
    storedAt(key) {
      return entries.get(key)?.stored;
    },
    async get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      // The most recently used goes last.
      entries.delete(key);
      entries.set(key, entry);
      try {
        return { bytes: await readFile(entry.file), type: entry.type, stored: entry.stored };
      } catch {
        // Removed underneath us (a cleaner of the temporary directory): fetched again.
        await drop(key, entry);
        return undefined;
      }
    },
    async set(key, bytes, type) {
      const stored = now();
      if (bytes.length > options.maxBytes) return stored;
      const previous = entries.get(key);
      if (previous) await drop(key, previous);
      const file = join(options.dir, createHash("sha256").update(key).digest("hex"));
      await writeFile(file, bytes);
      entries.set(key, { file, size: bytes.length, type, stored });
      total += bytes.length;
      const removals: Promise<void>[] = [];
      for (const [oldKey, oldEntry] of entries) {
        if (total <= options.maxBytes) break;
        removals.push(drop(oldKey, oldEntry));
      }
      await Promise.all(removals);
      return stored;
    },
  };
}
