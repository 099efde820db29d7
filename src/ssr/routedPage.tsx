/**
 * A request routed on the server: React Router's static handler over the site's routes
 * (src/app/routes.tsx) runs its loaders (and for a post its action) once, with a runtime of its
 * own; the page's React tree is then rendered from that data. Shared by the render bundle
 * (./entry-server.tsx) and the render benchmark's floor (tools/renderFloor.tsx).
 */
import { JSDOM } from "jsdom";
import { StrictMode, type ReactNode } from "react";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom";
import { createRuntime } from "../app/createRuntime.ts";
import { siteRoutes } from "../app/routes.tsx";
import { RuntimeProvider } from "../runtime/context.tsx";
import type { FormPostOptions } from "./site.ts";
import { provideServerWindow, type HtmlWindow } from "../ui/htmlWindow.ts";
import { serveMediaThroughSite } from "../ui/media.ts";
import { provideSanitizer } from "../ui/SafeHtml.tsx";
import { sanitizeHtml } from "../ui/sanitize.ts";

/** Content HTML is sanitized on the server by the same DOMPurify as in the browser, in a jsdom window, at once (../ui/SafeHtml.tsx). */
provideServerWindow(new JSDOM("<!doctype html>").window as unknown as HtmlWindow);
provideSanitizer(sanitizeHtml);
/** Server-made pages load content media through the site's own /_media/ (src/ui/media.ts, docs/media.md). */
serveMediaThroughSite();

/** A request through the router: its loaders, and for a post its action (src/app/formAction.ts), run once. */
export async function routed(request: Request, options: FormPostOptions) {
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
