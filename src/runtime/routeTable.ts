/**
 * The site's one route table: registry/routes.json as React Router route objects (redirects,
 * content routes, the catch-all), without components. src/app/routes.tsx gives each its
 * loader and element; the router matches addresses against them (ignoring case), on the server
 * and in the browser. `routeFor` is the same match for tools outside a router (the
 * layout inspector).
 */
import { matchRoutes } from "react-router-dom";
import { defaultLayoutName } from "./layoutNames.ts";
import { routeTable } from "./registry.ts";
import type { RouteEntry, RoutesFile } from "./schemas.ts";

/** A content route of the table, or the catch-all. */
export type RouteConfig = Pick<RouteEntry, "page" | "layout" | "missing" | "ancestor" | "presentationService"> | RoutesFile["fallback"];

/** What a matched route object carries in its `handle`. */
export type RouteHandle = { kind: "redirect"; to: string } | { kind: "page"; route: RouteConfig; /** The path pattern, `*` for the catch-all. */ pattern: string };

export interface SiteRouteEntry {
  id: string;
  path: string;
  handle: RouteHandle;
}

const catchAll: SiteRouteEntry = { id: "page *", path: "*", handle: { kind: "page", route: routeTable.fallback, pattern: "*" } };

/** Every route, in the table's order; the catch-all last. */
export const siteRouteEntries: readonly SiteRouteEntry[] = [
  ...routeTable.redirects.map((redirect): SiteRouteEntry => ({ id: `redirect ${redirect.from}`, path: redirect.from, handle: { kind: "redirect", to: redirect.to } })),
  ...routeTable.routes.map((route): SiteRouteEntry => ({ id: `page ${route.path}`, path: route.path, handle: { kind: "page", route, pattern: route.path } })),
  catchAll,
];

/** The route an address reaches, as the router decides it. */
export function routeFor(pathname: string): SiteRouteEntry {
  const match = matchRoutes([...siteRouteEntries], pathname)?.[0]?.route;
  return match ?? catchAll;
}

/**
 * The one layout-name rule: the route's own layout (its `layout`, else its `page`: `routeLayout`
 * from `pageRequest`), else the answered page's `name`; a name without a file gets
 * layouts/default.json (layoutCandidates). The loader and the inspector both ask it.
 */
export function layoutNameOf(routeLayout: string | undefined, page: { name: string | null }): string {
  return routeLayout ?? page.name ?? defaultLayoutName;
}

/** What a content route asks the service for at an address (its page name, else the visited path), and the layout it names. */
export interface PageRequest {
  request: string;
  layout: string | undefined;
}

/** The route's request at `pathname`: computed once per request, by whoever starts loading the page. */
export function pageRequest(route: RouteConfig, pathname: string): PageRequest {
  const page = "page" in route ? route.page : undefined;
  return { request: page ?? pathname, layout: ("layout" in route ? route.layout : undefined) ?? page };
}
