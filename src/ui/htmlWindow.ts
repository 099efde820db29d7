/**
 * Where content HTML is parsed: the browser's own window, or on the server a DOM the server
 * entry provides (jsdom) before it renders anything. Only parsing happens there; no visitor's
 * data is kept in it, so one DOM serves every request.
 */
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
