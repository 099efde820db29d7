/**
 * Where content HTML is parsed: the browser's own window, or on the server a DOM the server
 * entry provides (jsdom) before it renders anything. Only parsing happens there; no visitor's
 * data is kept in it, so one DOM serves every request.
 *
 * And DOMPurify, which ./SafeHtml.tsx sanitizes with: the server entry provides it before it
 * renders, so server rendering stays synchronous; the browser loads it (its own chunk, 11 kB gzip)
 * only when a page renders content HTML anew (a client navigation, a slider's next items), never
 * to hydrate the HTML the server sent, which SafeHtml keeps as it is.
 */
import type { DOMPurify } from "dompurify";

export type HtmlWindow = Window & typeof globalThis;

let serverWindow: HtmlWindow | undefined;

/** Called once by the server entry, before the first render (undefined: back to the browser's window, for tests). */
export function provideServerWindow(window: HtmlWindow | undefined): void {
  serverWindow = window;
}

export function htmlWindow(): HtmlWindow {
  if (serverWindow) return serverWindow;
  if (typeof window === "undefined") throw new Error("no DOM to parse content HTML in: the server entry must call provideServerWindow() first");
  return window;
}

let purify: DOMPurify | undefined;
let loadingPurify: Promise<void> | undefined;

/** Called by the server entry (and the unit tests' setup) before the first render (undefined: as in a browser that has not loaded it, for tests). */
export function providePurify(instance: DOMPurify | undefined): void {
  purify = instance;
  if (instance === undefined) loadingPurify = undefined;
}

/** DOMPurify if it is here already: provided, or loaded by {@link loadPurify}. */
export function providedPurify(): DOMPurify | undefined {
  return purify;
}

/** Loads DOMPurify in the browser, once (the same promise until it fails, for React's `use()`; a failed load is tried again on the next call). */
export function loadPurify(): Promise<void> {
  loadingPurify ??= import("dompurify").then(
    (module) => {
      purify ??= module.default;
    },
    (error: unknown) => {
      loadingPurify = undefined;
      throw error;
    },
  );
  return loadingPurify;
}
