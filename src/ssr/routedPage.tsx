/**
 * A request routed on the server: React Router's static handler over the site's routes
 * (src/app/routes.tsx) runs its loaders (and for a post its action) once, with a runtime of its
 * own; the page's React tree is then rendered from that data, content HTML read where the server
 * reads it (below). Shared by the render bundle (./entry-server.tsx) and the render benchmark's
 * floor (tools/renderFloor.tsx).
 */
import { createRequire } from "node:module";
import type { JSDOM as Jsdom } from "jsdom";
import { LRUCache } from "lru-cache";
import { StrictMode, type ReactNode } from "react";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom";
import { createRuntime } from "../app/createRuntime.ts";
import { siteRoutes } from "../app/routes.tsx";
import { RuntimeProvider } from "../runtime/context.tsx";
import { provideServerWindow, type HtmlWindow } from "../ui/htmlWindow.ts";
import { serveMediaThroughSite } from "../ui/media.ts";
import { provideSanitizer } from "../ui/SafeHtml.tsx";
import { purifyHtml } from "../ui/sanitize.ts";
import { provideMarkupText, textOfMarkup } from "../ui/text.ts";
import type { ContentHtmlRequest, FormPostOptions, ReadContentHtml } from "./site.ts";

/*
 * Content HTML on the server: DOMPurify sanitizes it (../ui/sanitize.ts) and markup gives its text
 * (../ui/text.ts), both in a DOM, which on Node is jsdom (the DOM DOMPurify's documentation names
 * for the server). The production server reads it in a worker thread (./htmlWorker.ts, started
 * before anything else loads: src/server/standalone.ts), so that jsdom, half of what a start
 * loads, loads on another core meanwhile (docs/operations.md#start); each piece of content crosses
 * once (its answers are remembered: `rememberedContentHtml`). `npm run dev`, `npm run export` and tests read
 * it in this thread. Server-made pages load content media through the site's own /_media/
 * (../ui/media.ts, docs/media.md).
 */
let contentHtmlProvided = false;

/** The characters of content HTML, asked and answered, the server keeps answers for (about 16 MB at most). */
export const contentHtmlAnswersSize = 8_000_000;

/**
 * `read`, its answers remembered: the same snippet on every page (a menu, a footer's text) is read
 * once, and each piece of content crosses to the worker once. Bounded by the characters held, the
 * least recently used dropped first: content of any size cannot grow the server.
 */
function rememberedContentHtml(read: ReadContentHtml): ReadContentHtml {
  const answers = new LRUCache<string, string>({ maxSize: contentHtmlAnswersSize, sizeCalculation: (answer, key) => key.length + answer.length + 1 });
  return (request) => {
    // Media and page addresses are rewritten by the server's one setting (serveMediaThroughSite), so the request is the whole key.
    const key = `${request.kind === "text" ? "text" : request.inline ? "inline" : "block"}\n${request.html}`;
    let answer = answers.get(key);
    if (answer === undefined) answers.set(key, (answer = read(request)));
    return answer;
  };
}

/** Content HTML read by `read`, its answers remembered: the production server's worker (./entry-server.tsx `openSite`), or this thread (below). */
export function readContentHtmlWith(read: ReadContentHtml): void {
  const remembered = rememberedContentHtml(read);
  provideSanitizer((html, options) => remembered({ kind: "sanitize", html, inline: options?.inline ?? false }));
  provideMarkupText((html) => remembered({ kind: "text", html }));
  serveMediaThroughSite();
  contentHtmlProvided = true;
}

/** Content HTML read in this thread, jsdom loaded now (the render that asks needs it at once); once. */
export function readContentHtmlHere(): void {
  if (contentHtmlProvided) return;
  // Loaded when asked for, not imported: the production server's render bundle never loads it.
  const { JSDOM } = createRequire(import.meta.url)("jsdom") as { JSDOM: typeof Jsdom };
  provideServerWindow(new JSDOM("<!doctype html>").window as unknown as HtmlWindow);
  readContentHtmlWith((request: ContentHtmlRequest) => (request.kind === "sanitize" ? purifyHtml(request.html, { inline: request.inline }) : textOfMarkup(request.html)));
}

/** A request through the router: its loaders, and for a post its action (src/app/formAction.ts), run once. */
export async function routed(request: Request, options: FormPostOptions) {
  // Unless the site was opened with a reader of content HTML (./entry-server.tsx `openSite`), it is read here.
  readContentHtmlHere();
  const runtime = createRuntime({ fetch: options.fetch, leadFetch: options.leadFetch, contentApiBase: "", siteUrl: options.siteUrl, mode: "server" });
  const handler = createStaticHandler(siteRoutes(runtime));
  return { runtime, handler, context: await handler.query(request) };
}

export type Routed = Awaited<ReturnType<typeof routed>>;
export type RoutedPage = Routed & { context: Exclude<Routed["context"], Response> };

/** The React tree of a routed page. */
export function pageTree({ runtime, handler, context }: RoutedPage): ReactNode {
  return (
    <StrictMode>
      <RuntimeProvider runtime={runtime}>
        <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
      </RuntimeProvider>
    </StrictMode>
  );
}
