/**
 * `npx tsx tools/bench-media-downloads.ts`: how much the production server's memory grows while
 * 20 visitors download a 24 MB video at once, slowly (docs/security.md). A loopback content
 * service holds the video; the server runs in a child process of its own (`npm run serve`'s
 * entry, MALLOC_ARENA_MAX=2 as `npm run serve` sets) on DIST_DIR (default dist/); its RSS is
 * read from /proc while every download is under way, each taking 64 kB every 40 ms for
 * SLOW_SECONDS (default 4), then the rest at full speed. Prints one JSON line:
 * { downloads, fileMb, ok, startMb, peakMb, grewMb, afterMb, seconds, loadAverage }.
 */
import { mkdtempSync } from "node:fs";
import { createServer, get } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { startChildServer } from "./childServer.ts";

const downloads = Number(process.env.DOWNLOADS ?? 20);
const fileBytes = Number(process.env.FILE_MB ?? 24) * 1024 * 1024;
const slowMs = Number(process.env.SLOW_SECONDS ?? 4) * 1000;
const video = Buffer.alloc(fileBytes, 7);

const service = createServer((req, res) => {
  if (req.url === "/media/film.mp4") res.writeHead(200, { "Content-Type": "video/mp4", "Content-Length": String(video.length) }).end(video);
  else res.writeHead(404).end();
});
await new Promise<void>((resolve) => service.listen(0, "127.0.0.1", resolve));
const temp = mkdtempSync(join(tmpdir(), "bench-downloads-"));
const server = await startChildServer({
  CONTENT_API_BASE: `http://127.0.0.1:${String((service.address() as AddressInfo).port)}`,
  DIST_DIR: process.env.DIST_DIR ?? "dist",
  OUTBOX_DB: join(temp, "outbox.sqlite"),
  MEDIA_CACHE_DIR: join(temp, "media"),
  REDIS_URL: "",
  ALLOW_TEST_CAPTCHA: "1",
  MALLOC_ARENA_MAX: "2",
});

/** One visitor's download: slow while the window lasts, then at full speed; the bytes it received. */
const download = (slowUntil: number) =>
  new Promise<number>((resolve, reject) => {
    get(`${server.url}/_media/media/film.mp4`, (res) => {
      let received = 0;
      res.on("data", (chunk: Buffer) => {
        received += chunk.length;
        if (Date.now() < slowUntil) {
          res.pause();
          setTimeout(() => res.resume(), 40);
        }
      });
      res.on("end", () => resolve(res.statusCode === 200 ? received : -1));
      res.on("error", reject);
    }).on("error", reject);
  });

try {
  // The first answer brings the file into the media cache; what is measured is visitors downloading it.
  await download(0);
  const start = server.rss();
  let peak = start;
  const sample = setInterval(() => (peak = Math.max(peak, server.rss())), 20);
  const started = Date.now();
  const received = await Promise.all(Array.from({ length: downloads }, () => download(started + slowMs)));
  clearInterval(sample);
  peak = Math.max(peak, server.rss());
  const seconds = (Date.now() - started) / 1000;
  const mb = (bytes: number) => Math.round((bytes / (1 << 20)) * 10) / 10;
  console.log(
    JSON.stringify({
      downloads,
      fileMb: mb(fileBytes),
      ok: received.filter((bytes) => bytes === fileBytes).length,
      startMb: mb(start),
      peakMb: mb(peak),
      grewMb: mb(peak - start),
      afterMb: mb(server.rss()),
      seconds,
      loadAverage: loadavg()[0]?.toFixed(2),
    }),
  );
} finally {
  await server.stop();
  service.close();
}
