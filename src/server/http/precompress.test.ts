// @vitest-environment node
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, it } from "vitest";
import { precompressDir } from "./precompress.ts";

it("writes brotli and gzip copies of built text assets over 1 kB, and nothing for images or small files", async () => {
  const dir = mkdtempSync(join(tmpdir(), "corvane-dist-"));
  mkdirSync(join(dir, "assets"));
  const script = `export const notes = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `note ${i}`))};`;
  writeFileSync(join(dir, "assets", "index-abc.js"), script);
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>x</title>");
  writeFileSync(join(dir, "assets", "photo.png"), Buffer.alloc(4096, 7));
  expect(await precompressDir(dir)).toBe(1);
  expect(brotliDecompressSync(readFileSync(join(dir, "assets", "index-abc.js.br"))).toString()).toBe(script);
  expect(gunzipSync(readFileSync(join(dir, "assets", "index-abc.js.gz"))).toString()).toBe(script);
  expect(existsSync(join(dir, "index.html.br"))).toBe(false);
  expect(existsSync(join(dir, "assets", "photo.png.br"))).toBe(false);
});
