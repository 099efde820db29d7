// @vitest-environment node
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tinyBuild } from "../../../tests/serverFaults.ts";
import { animationStills } from "./animationStills.ts";
import { createDiskCache } from "./diskCache.ts";
import { createMediaHandler, MediaRefusal, type DerivedFile } from "./mediaHandler.ts";

/** Two loopback servers: the content service, and somewhere else its redirects may point to. */
let service: Server;
let elsewhere: Server;
let serviceUrl = "";
let elsewhereUrl = "";
const asked: string[] = [];
const elsewhereAsked: string[] = [];
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
/** 1,000 bytes, each its own index mod 256: a range's bytes are easy to check. */
const film = Buffer.from(Array.from({ length: 1000 }, (_value, index) => index % 256));
const followTheSun = readFileSync(new URL("../../../fixtures/media/follow-the-sun.json", import.meta.url));

const listen = (server: Server) => new Promise<string>((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${String((server.address() as AddressInfo).port)}`)));

beforeAll(async () => {
  elsewhere = createServer((req, res) => {
    elsewhereAsked.push(req.url ?? "");
    res.writeHead(200, { "Content-Type": "image/jpeg" }).end(jpeg);
  });
  elsewhereUrl = await listen(elsewhere);
  service = createServer((req, res) => {
    const path = req.url ?? "";
    asked.push(path);
    if (path === "/media/a.jpg" || path === "/uploads/1234") res.writeHead(200, { "Content-Type": "image/jpeg" }).end(jpeg);
    else if (path === "/uploads/notes") res.writeHead(200, { "Content-Type": "text/html" }).end("<p>notes</p>");
    else if (path === "/uploads/answer" || path === "/media/anim.json") res.writeHead(200, { "Content-Type": "application/json" }).end('{"leads":[]}');
    else if (path === "/media/sun.json") res.writeHead(200, { "Content-Type": "application/json" }).end(followTheSun);
    else if (path === "/media/film.mp4") res.writeHead(200, { "Content-Type": "video/mp4" }).end(film);
    else if (path === "/media/captions.vtt") res.writeHead(200, { "Content-Type": "text/vtt; charset=utf-8" }).end("WEBVTT\n");
    else if (path === "/media/huge.jpg") res.writeHead(200, { "Content-Type": "image/jpeg" }).end(Buffer.alloc(4096));
    else if (path === "/media/streamed.jpg") {
      // No Content-Length: the cap is met while reading.
      res.writeHead(200, { "Content-Type": "image/jpeg", "Transfer-Encoding": "chunked" });
      for (let i = 0; i < 8; i++) res.write(Buffer.alloc(1024));
      res.end();
    } else if (path === "/media/page.html" || path === "/media/fake.jpg") res.writeHead(200, { "Content-Type": "text/html" }).end("<script>alert(1)</script>");
    else if (path === "/media/moved.jpg") res.writeHead(302, { Location: "/media/a.jpg" }).end();
    else if (path === "/media/away.jpg") res.writeHead(302, { Location: `${elsewhereUrl}/media/a.jpg` }).end();
    else res.writeHead(404).end();
  });
  serviceUrl = await listen(service);
});
afterAll(async () => {
  await new Promise((resolve) => service.close(resolve));
  await new Promise((resolve) => elsewhere.close(resolve));
});

function handler(maxBytes = 2048, stills?: DerivedFile) {
  return createMediaHandler({ origin: serviceUrl, timeoutMs: 5000, maxBytes, freshMs: 60_000, cache: createDiskCache({ dir: mkdtempSync(join(tmpdir(), "media-test-")), maxBytes: 1 << 20 }), ...(stills ? { stills } : {}) });
}
const get = (media: ReturnType<typeof handler>, path: string) => media(new Request(`http://site.test${path}`));

/** A handler that draws animations' stills (files up to 1 MB), counting its drawings; `firstDrawing`, when given, is what the first one does instead of drawing. */
function drawingHandler(firstDrawing?: () => Promise<never>) {
  const stills = animationStills({ maxBytes: 1 << 20, timeoutMs: 10_000 });
  let drawings = 0;
  const draw: DerivedFile["make"] = (load) => ((drawings += 1), drawings === 1 && firstDrawing ? firstDrawing() : stills.make(load));
  return { media: handler(1 << 20, { ...stills, make: draw }), drawings: () => drawings };
}

describe("the media path", () => {
  it("answers a file of the content service's origin with its type and caching headers, fetched once", async () => {
    const media = handler();
    const first = await get(media, "/_media/media/a.jpg");
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("image/jpeg");
    expect(first.headers.get("Cache-Control")).toMatch(/public, max-age=\d+/);
    expect(Buffer.from(await first.arrayBuffer())).toEqual(jpeg);
    const before = asked.filter((path) => path === "/media/a.jpg").length;
    await Promise.all([get(media, "/_media/media/a.jpg"), get(media, "/_media/media/a.jpg")]);
    expect(asked.filter((path) => path === "/media/a.jpg").length).toBe(before);
    // Asked by many at once before it is kept: one fetch, shared while it runs.
    const fresh = handler();
    const answers = await Promise.all(Array.from({ length: 5 }, () => get(fresh, "/_media/media/a.jpg")));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(asked.filter((path) => path === "/media/a.jpg").length).toBe(before + 1);
    const captions = await get(media, "/_media/media/captions.vtt");
    expect(captions.headers.get("Content-Type")).toBe("text/vtt; charset=utf-8");
  });

  it("answers a browser or CDN that has the file with 304, by an ETag every instance gives alike", async () => {
    const first = await get(handler(), "/_media/media/a.jpg");
    const etag = first.headers.get("ETag") ?? "";
    expect(etag).toMatch(/^W\/".+"$/);
    const revalidate = (headers: Record<string, string>) => handler()(new Request("http://site.test/_media/media/a.jpg", { headers }));
    const again = await revalidate({ "If-None-Match": etag });
    expect([again.status, again.headers.get("ETag"), again.headers.get("Cache-Control"), await again.text()]).toEqual([304, etag, first.headers.get("Cache-Control"), ""]);
    expect((await revalidate({ "If-None-Match": 'W/"another"' })).status).toBe(200);
    expect((await revalidate({ "If-None-Match": etag, "Cache-Control": "no-cache" })).status).toBe(200);
  });

  it("never asks another origin: a path naming another host is refused", async () => {
    const media = handler();
    for (const path of ["/_media//evil.example/a.jpg", "/_media/%2F%2Fevil.example/a.jpg", "/_media/\\evil.example/a.jpg", "/_media/media/../../a.jpg", "/_media/media/%2e%2e/a.jpg"]) {
      expect((await get(media, path)).status, path).toBe(404);
    }
    expect(elsewhereAsked).toEqual([]);
  });

  it("refuses a file larger than the cap, declared or streamed", async () => {
    const media = handler();
    expect((await get(media, "/_media/media/huge.jpg")).status).toBe(502);
    expect((await get(media, "/_media/media/streamed.jpg")).status).toBe(502);
  });

  it("asks nothing for a path that is not a media file: another extension, or the service's API", async () => {
    const media = handler();
    asked.length = 0;
    expect((await get(media, "/_media/media/page.html")).status).toBe(404);
    expect((await get(media, "/_media/api/page/get")).status).toBe(404);
    expect((await get(media, "/_media/API")).status).toBe(404);
    // Spelled otherwise, the decoded path is what counts.
    expect((await get(media, "/_media/%61pi/page/get")).status).toBe(404);
    expect((await get(media, "/_media/api%2fpage%2fget")).status).toBe(404);
    expect(asked).toEqual([]);
  });

  it("answers a media address without an extension by the type the service gives it", async () => {
    const media = handler();
    const picture = await get(media, "/_media/uploads/1234");
    expect([picture.status, picture.headers.get("Content-Type")]).toEqual([200, "image/jpeg"]);
    expect(Buffer.from(await picture.arrayBuffer())).toEqual(jpeg);
    expect((await get(media, "/_media/uploads/notes")).status).toBe(502);
    // JSON only under a .json name (an animation): without an extension it is an API answer, not media.
    expect((await get(media, "/_media/uploads/answer")).status).toBe(502);
    expect((await get(media, "/_media/media/anim.json")).status).toBe(200);
  });

  it("answers a byte range (206) of a file, as a phone seeking in a video asks, and 416 past its end", async () => {
    const media = handler(4096);
    const range = (value: string, extra: Record<string, string> = {}) => media(new Request("http://site.test/_media/media/film.mp4", { headers: { Range: value, ...extra } }));
    const whole = await get(media, "/_media/media/film.mp4");
    expect([whole.status, whole.headers.get("Accept-Ranges"), whole.headers.get("Content-Length")]).toEqual([200, "bytes", "1000"]);
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(film);
    const middle = await range("bytes=100-199");
    expect([middle.status, middle.headers.get("Content-Range"), middle.headers.get("Content-Length")]).toEqual([206, "bytes 100-199/1000", "100"]);
    expect(Buffer.from(await middle.arrayBuffer())).toEqual(film.subarray(100, 200));
    const open = await range("bytes=900-");
    expect([open.status, open.headers.get("Content-Range")]).toEqual([206, "bytes 900-999/1000"]);
    expect(Buffer.from(await open.arrayBuffer())).toEqual(film.subarray(900));
    const last = await range("bytes=-10");
    expect(Buffer.from(await last.arrayBuffer())).toEqual(film.subarray(990));
    const past = await range("bytes=1000-");
    expect([past.status, past.headers.get("Content-Range")]).toEqual([416, "bytes */1000"]);
    // Several ranges, or a range of a copy the browser no longer has (If-Range), are answered whole.
    expect((await range("bytes=0-1,5-6")).status).toBe(200);
    expect((await range("bytes=0-1", { "If-Range": 'W/"old"' })).status).toBe(200);
  });

  it("refuses a type the service sends that is not media, whatever the address says", async () => {
    const media = handler();
    // The extension says picture; the service says HTML.
    const answer = await get(media, "/_media/media/fake.jpg");
    expect(answer.status).toBe(502);
    expect(await answer.text()).not.toContain("<script>");
  });

  it("follows a redirect within the service's origin, never one to elsewhere", async () => {
    const media = handler();
    expect((await get(media, "/_media/media/moved.jpg")).status).toBe(200);
    expect((await get(media, "/_media/media/away.jpg")).status).toBe(502);
    expect(elsewhereAsked).toEqual([]);
  });

  it("passes a missing file on as 404, and takes GET and HEAD only", async () => {
    const media = handler();
    expect((await get(media, "/_media/media/none.jpg")).status).toBe(404);
    expect((await media(new Request("http://site.test/_media/media/a.jpg", { method: "POST", body: "x" }))).status).toBe(405);
  });
});

describe("an animation's still", () => {
  it("is drawn once from the animation the service has, answered as an SVG that runs nothing opened on its own", async () => {
    const { media, drawings } = drawingHandler();
    const [first, second] = await Promise.all([get(media, "/_media/media/sun.json.still.svg"), get(media, "/_media/media/sun.json.still.svg")]);
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(first.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(await first.text()).toMatch(/^<svg [^>]*viewBox="0 0 400 300"/);
    expect(await second.text()).toMatch(/^<svg /);
    expect(await (await get(media, "/_media/media/sun.json.still.svg")).text()).toMatch(/^<svg /);
    expect(drawings()).toBe(1);
    expect(asked.filter((path) => path.startsWith("/media/sun.json")).length).toBe(1);
    // Only an animation is drawn: a picture's "still" is no such file, and neither is a path the service does not have.
    expect((await get(media, "/_media/media/a.jpg.still.svg")).status).toBe(404);
    expect((await get(media, "/_media/media/none.json.still.svg")).status).toBe(404);
    // A JSON file that is no animation is refused, with why in the operator's log, and not drawn again for each request.
    expect((await get(media, "/_media/media/anim.json.still.svg")).status).toBe(502);
    expect((await get(media, "/_media/media/anim.json.still.svg")).status).toBe(502);
    expect(drawings()).toBe(2);
  });
});

describe("a still that ran out of time", () => {
  it("is answered 503 with Retry-After and drawn again on the next request: a time-out is no refusal to remember", async () => {
    // The first drawing runs out of time, as it does on a machine at load average 12 (animationStills.test.ts makes a real one).
    const { media, drawings } = drawingHandler(() => Promise.reject(new MediaRefusal(503, "not drawn in time: took longer than 5000 ms")));
    const late = await get(media, "/_media/media/sun.json.still.svg");
    expect([late.status, late.headers.get("Retry-After"), late.headers.get("Cache-Control")]).toEqual([503, "5", "no-store"]);
    const drawn = await get(media, "/_media/media/sun.json.still.svg");
    expect(drawn.status).toBe(200);
    expect(await drawn.text()).toMatch(/^<svg /);
    expect(drawings()).toBe(2);
  });
});

describe("downloads of a large file", () => {
  it("stream from disk: 20 slow downloads of a 24 MB video at once grow the server's memory by less than 100 MB", async () => {
    // The production server in a process of its own (tools/bench-media-downloads.ts), its memory read from /proc.
    const { stdout } = await promisify(execFile)("npx", ["tsx", "tools/bench-media-downloads.ts"], { env: { ...process.env, DIST_DIR: tinyBuild(), SLOW_SECONDS: "3" } });
    console.log("20 slow downloads of 24 MB:", stdout.trim());
    const figures = JSON.parse(stdout.trim().split("\n").pop() ?? "{}") as { downloads: number; ok: number; grewMb: number };
    expect(figures).toMatchObject({ downloads: 20, ok: 20 });
    expect(figures.grewMb).toBeLessThan(100);
  }, 120_000);
});
