/**
 * Text compressed once, never per request: the build's text assets at brotli's 11 and gzip's 9
 * (`<file>.br` and `<file>.gz`, which @fastify/static sends as they are), and each rendered page
 * kept in the page cache (src/server/pageCache.ts): first at a fast level, so a fresh render is
 * not held up by its compression, then at the best level when the server is idle (`idleRecompression` there).
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * "best": brotli 11 and gzip 9, for what is compressed once and sent many times. "fast": brotli 5
 * and gzip 6, for a page a visitor is waiting for: /Home's HTML takes a few milliseconds instead of
 * a quarter of a second, for bodies about a tenth larger (docs/performance.md, `npm run bench:render`).
 */
export type CompressionLevel = "fast" | "best";
const levels = {
  fast: { brotli: 5, gzip: 6 },
  best: { brotli: constants.BROTLI_MAX_QUALITY, gzip: 9 },
} as const;

/** The brotli and gzip bodies of `body`, at `level` (the best unless told). */
export async function compressed(body: Buffer, level: CompressionLevel = "best") {
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: levels[level].brotli, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }),
    gzipAsync(body, { level: levels[level].gzip }),
  ]);
  return { br, gzip: gz };
}

const textFile = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|vtt)$/i;
const minBytes = 1024;

/** Writes `<file>.br` and `<file>.gz` beside each text file over 1 kB, when smaller; returns how many files got them. */
export async function precompressDir(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const done = await Promise.all(
    entries
      .filter((entry) => entry.isFile() && textFile.test(entry.name))
      .map(async (entry) => {
        const path = join(entry.parentPath, entry.name);
        const body = await readFile(path);
        if (body.byteLength < minBytes) return false;
        const { br, gzip } = await compressed(body);
        if (br.byteLength < body.byteLength) await writeFile(`${path}.br`, br);
        if (gzip.byteLength < body.byteLength) await writeFile(`${path}.gz`, gzip);
        return true;
      }),
  );
  return done.filter(Boolean).length;
}
