/** Which entry of registry/routes.json an address reaches, as the app's router decides it. */
import { pageRequest, routeFor } from "../runtime/routeTable.ts";

export interface RouteFacts {
  /** The path the page is shown at (after a redirect). */
  path: string;
  redirectedFrom: string | null;
  /** The route's path pattern, or `*` for the catch-all. */
  pattern: string;
  /** The page name the route asks for; null: the visited path is asked for. */
  page: string | null;
  /** The layout the route names; null: the page name's layout. */
  layout: string | null;
  missing: "not-found" | "home";
  /** What is sent to /api/page/get. */
  request: string;
  /** The layout the route itself decides (its layout, else its page name), before the page answers. */
  routeLayout: string | undefined;
}

/** The router's reading of the route table (src/runtime/routeTable.ts), redirects followed. */
export function matchAddress(address: string): RouteFacts {
  let path = new URL(address, "http://site.invalid").pathname;
  let redirectedFrom: string | null = null;
  for (let hops = 0; hops < 5; hops++) {
    const { handle } = routeFor(path);
    if (handle.kind === "redirect") {
      redirectedFrom ??= path;
      path = handle.to;
      continue;
    }
    const { route } = handle;
    const asked = pageRequest(route, path);
    return {
      path,
      redirectedFrom,
      pattern: handle.pattern,
      page: ("page" in route ? route.page : undefined) ?? null,
      layout: ("layout" in route ? route.layout : undefined) ?? null,
      missing: route.missing ?? "not-found",
      request: asked.request,
      routeLayout: asked.layout,
    };
  }
  throw new Error(`redirects of ${address} do not end`);
}
