/**
 * The still of a Lottie animation (docs/media.md): one frame drawn as SVG by lottie-web's own
 * SVG renderer (its light build, the one the browser plays with: vite.config.ts) in a jsdom
 * document, so a page shows the animation's picture from its first paint and loads the player
 * (49 kB gzip) only when the visitor asks it to play (src/blocks/media/LottieAnimation.tsx).
 *
 * The frame is the one at a marker named "poster" when the animation has one (an author's
 * choice), else its last frame: where an animation that builds a picture up has built it, and
 * what the player itself shows when it stops (`keepLastFrame`).
 *
 * The animation comes from the content service, so drawing it is bounded: its bytes are capped
 * before it is read; it is drawn in a worker thread with a heap limit and killed past a time
 * limit (a hostile file with a million layers stops one worker, never the server's event
 * loop); one is drawn at a time and only so many wait (past that, 503 with Retry-After). The
 * media handler keeps each still on disk, so each is drawn once.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import pLimit from "p-limit";
import { MediaRefusal, type DerivedFile } from "./mediaHandler.ts";

export interface StillOptions {
  /** The largest animation drawn; a larger one is refused (the browser's player may still play it). */
  maxBytes: number;
  /** How long one drawing may take before its worker is stopped, counted once the worker has loaded jsdom and lottie-web. */
  timeoutMs: number;
  /**
   * How long a worker may take to load jsdom and lottie-web before its drawing starts (default 60 s).
   * Our own code, the same for every file: about half a second, far longer on a loaded machine, so
   * it is not counted in `timeoutMs`, which bounds what the content makes the drawing do.
   */
  startTimeoutMs?: number;
  /** The heap a drawing's worker may use. */
  maxHeapMb?: number;
  /** Animations that may wait for their turn; one more is answered 503 (default 16). */
  maxWaiting?: number;
}

export const stillType = "image/svg+xml";

interface DrawInput {
  jsdom: string;
  lottie: string;
  json: string;
}

/**
 * Runs inside the worker, from its source text: it may use nothing but its arguments. Loads jsdom
 * and lottie-web, calls `ready` (the drawing's time starts there), then returns the SVG, or throws
 * with why the file cannot be drawn.
 */
function drawStill(input: DrawInput, load: (path: string) => unknown, ready: () => void): string {
  const jsdom = load(input.jsdom) as { JSDOM: new (html: string, options: object) => { window: Window & typeof globalThis }; VirtualConsole: new () => object };
  // A console that says nothing: jsdom reports what it does not implement (canvas), which the SVG renderer does not need.
  const { window } = new jsdom.JSDOM("<!doctype html><div></div>", { virtualConsole: new jsdom.VirtualConsole() });
  // lottie-web measures text and makes a 1 px placeholder picture on a canvas jsdom does not draw.
  window.HTMLCanvasElement.prototype.getContext = (() => ({ fillRect: () => undefined, measureText: () => ({ width: 0 }) })) as unknown as HTMLCanvasElement["getContext"];
  const global = globalThis as Record<string, unknown>;
  global.window = window;
  global.document = window.document;
  global.navigator = window.navigator;
  const lottie = load(input.lottie) as {
    loadAnimation: (options: object) => { totalFrames: number; goToAndStop: (frame: number, isFrame: boolean) => void; destroy: () => void };
  };
  ready();
  const data: unknown = JSON.parse(input.json);
  const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
  if (typeof data !== "object" || data === null || Array.isArray(data)) throw new Error("not a Lottie animation: not a JSON object");
  const animation = data as { w?: unknown; h?: unknown; ip?: unknown; op?: unknown; layers?: unknown; markers?: unknown };
  if (!isNumber(animation.w) || !isNumber(animation.h) || !isNumber(animation.ip) || !isNumber(animation.op) || !Array.isArray(animation.layers)) {
    throw new Error("not a Lottie animation: no w, h, ip, op and layers");
  }
  const container = window.document.querySelector("div");
  if (!container) throw new Error("no container");
  const player = lottie.loadAnimation({ container, renderer: "svg", loop: false, autoplay: false, animationData: data });
  const markers = Array.isArray(animation.markers) ? (animation.markers as { cm?: unknown; tm?: unknown }[]) : [];
  const poster = markers.find((marker) => typeof marker.cm === "string" && marker.cm.trim().toLowerCase() === "poster" && isNumber(marker.tm));
  const frame = poster && isNumber(poster.tm) ? poster.tm - animation.ip : player.totalFrames - 1;
  player.goToAndStop(Math.min(Math.max(frame, 0), Math.max(player.totalFrames - 1, 0)), true);
  const svg = container.querySelector("svg");
  if (!svg) throw new Error("lottie-web drew nothing");
  // Sized by its viewBox where it is shown; the player's own styles are for its live element.
  svg.removeAttribute("style");
  const drawn = svg.outerHTML;
  player.destroy();
  return drawn;
}

/**
 * The worker's whole source: `drawStill` called on what the media handler sends, its answer posted
 * back. `__name` is esbuild's helper for keeping function names, which tsx (`npm run dev`, the
 * tools) compiles with and writes into `drawStill`'s text; the worker has none of its own.
 */
const workerSource = `
const __name = (target) => target;
const { parentPort, workerData } = require("node:worker_threads");
try {
  parentPort.postMessage({ svg: (${drawStill.toString()})(workerData, require, () => parentPort.postMessage({ ready: true })) });
} catch (error) {
  parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
}`;

const resolveModule = createRequire(import.meta.url).resolve;

/** Where the worker loads jsdom and lottie-web's light build from (absolute: an eval'd worker resolves from nowhere). */
const modules = { jsdom: resolveModule("jsdom"), lottie: resolveModule("lottie-web/build/player/lottie_light.js") };

/**
 * Draws one animation's still in a worker of its own, stopped past the time limit. The limit runs
 * from the worker's `ready` (jsdom and lottie-web loaded); its start has a limit of its own. Either
 * limit passed is a 503, not a refusal: the machine was busy, and the next request draws it again.
 */
function drawInWorker(json: string, options: StillOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerSource, {
      eval: true,
      workerData: { ...modules, json } satisfies DrawInput,
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 192 },
      stdout: true,
      stderr: true,
    });
    const stopAfter = (ms: number, why: string) =>
      setTimeout(() => {
        void worker.terminate();
        reject(new MediaRefusal(503, `not drawn in time: ${why}`));
      }, ms);
    const startMs = options.startTimeoutMs ?? 60_000;
    let timer = stopAfter(startMs, `jsdom and lottie-web took longer than ${String(startMs)} ms to load`);
    const settle = (settleWith: () => void) => {
      clearTimeout(timer);
      void worker.terminate();
      settleWith();
    };
    worker.on("message", (message: { ready?: true; svg?: string; error?: string }) => {
      if (message.ready) {
        clearTimeout(timer);
        timer = stopAfter(options.timeoutMs, `took longer than ${String(options.timeoutMs)} ms`);
        return;
      }
      settle(() => (message.svg === undefined ? reject(new MediaRefusal(502, `not drawn: ${message.error ?? "no answer"}`)) : resolve(message.svg)));
    });
    // Past the heap limit the worker stops with ERR_WORKER_OUT_OF_MEMORY.
    worker.once("error", (error) => settle(() => reject(new MediaRefusal(502, `not drawn: ${error.message}`))));
    worker.once("exit", (code) => settle(() => reject(new MediaRefusal(502, `not drawn: the drawing stopped (${String(code)})`))));
  });
}

export function animationStills(options: StillOptions): DerivedFile {
  const turn = pLimit(1);
  const maxWaiting = options.maxWaiting ?? 16;
  return {
    sources: ["application/json"],
    make: (load) => {
      if (turn.pendingCount >= maxWaiting) return Promise.reject(new MediaRefusal(503, `too many animations wait to be drawn (${String(turn.pendingCount)})`));
      return turn(async () => {
        const json = await load();
        if (json.length > options.maxBytes) throw new MediaRefusal(502, `not drawn: larger than ${String(options.maxBytes)} bytes (${String(json.length)})`);
        const svg = await drawInWorker(json.toString("utf8"), options);
        return { bytes: Buffer.from(svg), type: stillType };
      });
    },
  };
}
