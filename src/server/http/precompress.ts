/**
 * Brotli and gzip copies of the built text assets, written once at build time so the server
 * (sirv with `brotli`/`gzip`) sends them without compressing per request.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const textFile = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|vtt)$/i;
const minBytes = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes `<file>.br` and `<file>.gz` beside each text file over 1 kB, when smaller; returns how many files got them. */
export async function precompressDir(dir: string): Promise<number> {
  const work: Promise<boolean>[] = [];
  for await (const path of files(dir)) {
    if (!textFile.test(path)) continue;
    work.push(
      (async () => {
        const body = await readFile(path);
        if (body.byteLength < minBytes) return false;
        const [br, gz] = await Promise.all([
          brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }),
          gzipAsync(body, { level: 9 }),
        ]);
        if (br.byteLength < body.byteLength) await writeFile(`${path}.br`, br);
        if (gz.byteLength < body.byteLength) await writeFile(`${path}.gz`, gz);
        return true;
      })(),
    );
  }
  return (await Promise.all(work)).filter(Boolean).length;
}
