/**
 * The floor `npm run bench:render` measures the server's render against (tools/bench-render.ts):
 * the same routing and loaders as a page's render (src/ssr/routedPage.tsx), then the same tree
 * through react-dom/server's synchronous `renderToString`, each timed. A bundle of its own
 * (vite.config.ts, RENDER_FLOOR=1), built by the benchmark: nothing of it is in the production build.
 */
import { renderToString } from "react-dom/server";
import type { RenderOptions } from "../src/ssr/site.ts";
import { pageTree, routed } from "../src/ssr/routedPage.tsx";

export async function renderFloor(request: Request, options: RenderOptions): Promise<{ routeMs: number; reactMs: number; html: string }> {
  const started = performance.now();
  const routedPage = await routed(request, options);
  const { context } = routedPage;
  if (context instanceof Response) throw new Error(`${request.url}: the router answered ${context.status}, not a page`);
  const routedAt = performance.now();
  const html = renderToString(pageTree({ ...routedPage, context }));
  return { routeMs: routedAt - started, reactMs: performance.now() - routedAt, html };
}
