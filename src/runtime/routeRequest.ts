/**
 * An address, read through the route table (registry/routes.json) the way <SiteRoutes> reads
 * it: a redirect, or the page to ask the content service for and the layout known from the
 * route. The server uses it to answer before rendering; the browser to hydrate the same page.
 */
import { matchRoutes } from "react-router-dom";
import { routeTable } from "./registry.ts";
import type { RouteEntry, RoutesFile } from "./schemas.ts";

export type RouteConfig = Pick<RouteEntry, "page" | "layout" | "missing" | "ancestor"> | RoutesFile["fallback"];

export type RouteRequest =
  | { kind: "redirect"; to: string }
  /** `request`: the page name (fixed routes) or the path as visited (detail pages, catch-all). */
  | { kind: "page"; request: string; layout: string | undefined; route: RouteConfig; /** The route's path pattern, `*` for the catch-all. */ pattern: string };

const routeObjects = [
  ...routeTable.redirects.map((redirect) => ({ path: redirect.from, redirect })),
  ...routeTable.routes.map((route) => ({ path: route.path, route })),
  { path: "*", route: routeTable.fallback },
];

export function routeRequest(pathname: string): RouteRequest {
  const match = matchRoutes(routeObjects, pathname)?.[0]?.route;
  if (match && "redirect" in match) return { kind: "redirect", to: match.redirect.to };
  const route: RouteConfig = match && "route" in match ? match.route : routeTable.fallback;
  return { kind: "page", ...pageRequest(route, pathname), route, pattern: match && "route" in match ? match.path : "*" };
}

/** The layout and request of a route, as the page view reads them. */
export function pageRequest(route: RouteConfig, pathname: string): { request: string; layout: string | undefined } {
  const page = "page" in route ? route.page : undefined;
  return { request: page ?? pathname, layout: ("layout" in route ? route.layout : undefined) ?? page };
}
