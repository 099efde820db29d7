// @vitest-environment node
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { animationStills, stillType } from "./animationStills.ts";
import { MediaRefusal } from "./mediaHandler.ts";

const followTheSun = readFileSync(new URL("../../../fixtures/media/follow-the-sun.json", import.meta.url));

/** A 100 × 50 animation of one rectangle whose opacity goes from 0 (frame 0) to 100 (frame 10), 11 frames long. */
function fadingRectangle(markers: { cm: string; tm: number; dr: number }[] = []) {
  const opacity = { a: 1, k: [{ t: 0, s: [0], i: { x: [1], y: [1] }, o: { x: [0], y: [0] } }, { t: 10, s: [100] }] };
  const rectangle = { ty: "rc", d: 1, s: { a: 0, k: [40, 20] }, p: { a: 0, k: [0, 0] }, r: { a: 0, k: 0 } };
  const fill = { ty: "fl", c: { a: 0, k: [1, 0, 0, 1] }, o: { a: 0, k: 100 }, r: 1 };
  const layer = { ddd: 0, ind: 1, ty: 4, nm: "box", sr: 1, ks: { o: opacity, r: { a: 0, k: 0 }, p: { a: 0, k: [50, 25, 0] }, a: { a: 0, k: [0, 0, 0] }, s: { a: 0, k: [100, 100, 100] } }, shapes: [rectangle, fill], ip: 0, op: 11, st: 0 };
  return Buffer.from(JSON.stringify({ v: "5.7.4", fr: 10, ip: 0, op: 11, w: 100, h: 50, layers: [layer], markers }));
}

const drawn = async (json: Buffer, options: Partial<Parameters<typeof animationStills>[0]> = {}) => {
  const { bytes, type } = await animationStills({ maxBytes: 1 << 20, timeoutMs: 10_000, ...options }).make(() => Promise.resolve(json));
  return { svg: bytes.toString("utf8"), type };
};

/** The refusal a drawing ended with, as status and message; null when it was drawn. */
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => {
      if (!(error instanceof MediaRefusal)) throw error;
      return `${String(error.status)} ${error.message}`;
    },
  );

describe("an animation's still", () => {
  it("is the animation drawn as SVG at its own size, the shapes lottie-web draws", async () => {
    const { svg, type } = await drawn(followTheSun);
    expect(type).toBe(stillType);
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 400 300"/);
    // The fixture's four layers: the dashed orbit and the three offices' circles.
    expect(svg.match(/<path [^>]*d="/g)).toHaveLength(4);
    expect(svg).not.toMatch(/<script|style="width/);
  });

  it("is the last frame, or the frame at a marker named poster", async () => {
    const opacityOf = (svg: string) => /<g [^>]*opacity="([\d.]+)"/.exec(svg)?.[1];
    expect(opacityOf((await drawn(fadingRectangle())).svg)).toBe("1");
    expect(opacityOf((await drawn(fadingRectangle([{ cm: "poster", tm: 5, dr: 0 }]))).svg)).toBe("0.5");
    // At frame 0 the rectangle is transparent: lottie-web hides its layer.
    expect((await drawn(fadingRectangle([{ cm: "Poster", tm: 0, dr: 0 }]))).svg).toMatch(/<g style="display: none;"><path><\/path><\/g>/);
  });

  it("is refused, with why, for a file that is not an animation or is larger than the cap", async () => {
    expect(await refusal(drawn(Buffer.from("<html></html>")))).toMatch(/^502 not drawn: .*JSON/);
    expect(await refusal(drawn(Buffer.from('{"leads":[]}')))).toBe("502 not drawn: not a Lottie animation: no w, h, ip, op and layers");
    expect(await refusal(drawn(followTheSun, { maxBytes: 1000 }))).toBe(`502 not drawn: larger than 1000 bytes (${String(followTheSun.length)})`);
  });

  it("stops a drawing past its time limit in its worker, and the server's own thread is never held", async () => {
    // 4,000 layers (1,000 copies of the fixture's): seconds of drawing, far past 300 ms. Not
    // heavier: the other test worker runs the media memory benchmark, which a CPU hog skews.
    const source = JSON.parse(followTheSun.toString("utf8")) as { layers: unknown[] };
    const heavy = Buffer.from(JSON.stringify({ ...source, layers: Array.from({ length: 1000 }, () => source.layers).flat() }));
    // What a worker's start and a light drawing take on this machine now: the limit counts from the start's end.
    const lightStarted = performance.now();
    await drawn(followTheSun);
    const light = performance.now() - lightStarted;
    let ticks = 0;
    const ticking = setInterval(() => (ticks += 1), 10);
    const started = performance.now();
    const answer = await refusal(drawn(heavy, { timeoutMs: 300, maxBytes: heavy.length }));
    clearInterval(ticking);
    expect(answer).toBe("503 not drawn in time: took longer than 300 ms");
    expect(performance.now() - started).toBeLessThan(light + 2000);
    // The event loop kept turning while the worker drew.
    expect(ticks).toBeGreaterThan(10);
  });

  it("does not count loading jsdom and lottie-web in the drawing's time, which a loaded machine slows, and bounds it apart", async () => {
    // A worker's start (jsdom, lottie-web) takes about 500 ms: counted in the drawing's 300 ms, every still would time out.
    const started = performance.now();
    expect((await drawn(fadingRectangle(), { timeoutMs: 300 })).svg).toMatch(/^<svg /);
    expect(performance.now() - started).toBeGreaterThan(300);
    expect(await refusal(drawn(followTheSun, { startTimeoutMs: 50 }))).toBe("503 not drawn in time: jsdom and lottie-web took longer than 50 ms to load");
  });

  it("answers 503 when too many animations already wait their turn", async () => {
    const stills = animationStills({ maxBytes: 1 << 20, timeoutMs: 10_000, maxWaiting: 1 });
    const first = stills.make(() => Promise.resolve(followTheSun));
    const second = stills.make(() => Promise.resolve(followTheSun));
    expect(await refusal(stills.make(() => Promise.resolve(followTheSun)))).toBe("503 too many animations wait to be drawn (1)");
    await Promise.all([first, second]);
  });
});
