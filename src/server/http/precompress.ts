/**
 * Text compressed once, at brotli's 11 and gzip's 9, never per request: the build's text assets
 * (`<file>.br` and `<file>.gz`, which @fastify/static sends as they are) and each rendered page
 * kept in the page cache (src/server/pageCache.ts).
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The brotli and gzip bodies of `body`. */
export async function compressed(body: Buffer) {
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }),
    gzipAsync(body, { level: 9 }),
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
