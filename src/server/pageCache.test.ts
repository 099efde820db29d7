// @vitest-environment node
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, expect, it, vi } from "vitest";
import { idleRecompression, pageBytes } from "./pageCache.ts";

const html = `<!doctype html><ol>${Array.from({ length: 3000 }, (_, i) => `<li>${String((i * 7919) % 10007)}</li>`).join("")}</ol>`;

afterEach(() => {
  vi.useRealTimers();
});

it("recompresses a rendered page at the best level only once no render has run for a while", async () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
  const recompression = idleRecompression({ idleMs: 200 });
  const page = await pageBytes({ kind: "page", status: 200, html }, []);
  const fastBytes = page.br.byteLength;
  let finish = () => {};
  const rendering = recompression.during(() => new Promise<void>((done) => (finish = done)));
  recompression.schedule(page);
  // A render is running: however long it takes, the page waits.
  await vi.advanceTimersByTimeAsync(5_000);
  expect([page.compression, recompression.waiting()]).toEqual(["fast", 1]);
  finish();
  await rendering;
  await vi.advanceTimersByTimeAsync(150);
  expect(page.compression).toBe("fast");
  await vi.waitFor(() => expect(page.compression).toBe("best"));
  expect(recompression.waiting()).toBe(0);
  expect(page.br.byteLength).toBeLessThan(fastBytes);
  expect(brotliDecompressSync(page.br).toString()).toBe(html);
  expect(gunzipSync(page.gzip).toString()).toBe(html);
});
