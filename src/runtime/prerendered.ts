/**
 * What the server rendered and the browser hydrates: the address, the page asked for, and every
 * content answer the render read, embedded in the HTML as data (never as script). The browser
 * answers those same calls from it, so the first page is parsed at the same boundary and comes
 * out the same, without asking the content service again.
 */
import * as z from "zod/mini";
import type { LoadedPage } from "./pageLoad.ts";
import { requestUrl } from "../content/requestUrl.ts";

/** The id of the <script type="application/json"> that carries it. */
export const PRERENDERED_SCRIPT_ID = "corvane-prerendered";

export const ContentAnswerSchema = z.object({
  /** e.g. "/api/page/get" */
  path: z.string(),
  /** the request body as sent */
  body: z.string(),
  /** the response body as the content service sent it */
  answer: z.string(),
});
export type ContentAnswer = z.infer<typeof ContentAnswerSchema>;

export const PrerenderedDataSchema = z.object({
  /** The address rendered (path and query). */
  url: z.string(),
  siteUrl: z.string(),
  answers: z.array(ContentAnswerSchema),
  /** Site data whose call failed on the server: the browser starts from the same "unavailable". */
  failed: z.array(z.enum(["menus", "resources"])),
  /** The page itself could not be loaded: the server sent the retry screen, which the browser does not hydrate. */
  pageFailed: z.boolean(),
});
export type PrerenderedData = z.infer<typeof PrerenderedDataSchema>;

/** The first page as the runtime holds it, once loaded from the embedded answers. */
export interface Prerendered {
  /** The path the server rendered: its first page and data hold until the visitor goes elsewhere. */
  path: string;
  request: string;
  /** An error only on the server (the retry screen it sends with a 503); the browser then renders anew. */
  load: LoadedPage | { status: "error"; error: unknown };
  /** What blocks of the first page asked for themselves (see usePrerenderedData), by request. */
  data: Map<string, Promise<unknown>>;
  /** Set once the visitor has left the first page: every later visit loads as usual. */
  consumed?: boolean;
}

/** JSON that is safe inside a <script> element: no "</script>", "<!--" or line separators can end or bend it. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * A fetch that answers the content calls the server's render made from their recorded answers,
 * and sends every other call on.
 */
export function answeringFetch(answers: readonly ContentAnswer[], base: string, next: typeof fetch): typeof fetch {
  const byCall = new Map(answers.map((entry) => [`${entry.path}\n${entry.body}`, entry.answer]));
  return (input, init) => {
    const url = requestUrl(input);
    const path = url.startsWith(base) ? url.slice(base.length) : url;
    const body = typeof init?.body === "string" ? init.body : null;
    const answer = body === null ? undefined : byCall.get(`${path}\n${body}`);
    if (answer === undefined || init?.signal?.aborted) return next(input, init);
    return Promise.resolve(new Response(answer, { status: 200, headers: { "Content-Type": "application/json; charset=utf-8" } }));
  };
}

/** Once the visitor has gone elsewhere, the server's first page (and its data) is history. */
export function leaveFirstPage(prerendered: Prerendered | undefined, pathname: string): void {
  if (prerendered && pathname !== prerendered.path) prerendered.consumed = true;
}
