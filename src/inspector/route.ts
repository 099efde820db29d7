/** Which entry of registry/routes.json an address reaches, as the app's router decides it. */
import { matchRoutes } from "react-router-dom";
import { routeTable } from "../runtime/registry.ts";

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
  hero: string | null;
  missing: "not-found" | "home";
  /** What is sent to /api/page/get. */
  request: string;
}

/** The same table, in the same order, as the app's <Routes> (src/app/App.tsx); matching ignores case. */
const routes = [
  ...routeTable.redirects.map((redirect) => ({ path: redirect.from, redirect: redirect.to })),
  ...routeTable.routes.map((route) => ({ path: route.path, route })),
  { path: "*" },
];

export function matchAddress(address: string): RouteFacts {
  let path = new URL(address, "http://site.invalid").pathname;
  let redirectedFrom: string | null = null;
  for (let hops = 0; hops < 5; hops++) {
    const match = matchRoutes(routes, path)?.at(-1)?.route;
    if (match && "redirect" in match) {
      redirectedFrom ??= path;
      path = match.redirect;
      continue;
    }
    const route = match && "route" in match ? match.route : undefined;
    return {
      path,
      redirectedFrom,
      pattern: route?.path ?? "*",
      page: route?.page ?? null,
      layout: route?.layout ?? null,
      hero: (route ? route.hero : routeTable.fallback.hero) ?? null,
      missing: route ? (route.missing ?? "not-found") : routeTable.fallback.missing,
      request: route?.page ?? path,
    };
  }
  throw new Error(`redirects of ${address} do not end`);
}
