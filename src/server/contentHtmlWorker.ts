/**
 * The production server's calls to its content HTML worker (src/ssr/htmlWorker.ts, started by
 * ./standalone.ts). A call that throws fails that one read: its block shows as failed, the page is
 * served. A worker that is gone (synckit reports its exit; it then answers no question at all)
 * would fail every block from then on: `gone` is called, once, and the server stops for its
 * supervisor to start it again, as a crash of jsdom in the server's own thread would have made it.
 */
import type { ReadContentHtml } from "../ssr/site.ts";

/** A question any working worker answers at once. */
const stillAnswers = (ask: ReadContentHtml): boolean => {
  try {
    return ask({ kind: "text", html: "<b>ok</b>" }) === "ok";
  } catch {
    return false;
  }
};

export function throughWorker(ask: ReadContentHtml, gone: (error: unknown) => void): ReadContentHtml {
  let reported = false;
  return (request) => {
    try {
      return ask(request);
    } catch (error) {
      if (!reported && !stillAnswers(ask)) {
        reported = true;
        gone(error);
      }
      throw error;
    }
  };
}
