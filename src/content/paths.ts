/**
 * Internal addresses, from the route table only: `pathTo("blog", slug)` rather than a path
 * written out in code, so renaming a route in registry/routes.json moves every link with it.
 * Names and parameters are checked at type-checking time (routePaths.generated.ts, written
 * by `npm run generate`): an unknown name, or a parameter missing or too many, fails `tsc`.
 *
 * It lives beside the content contract because the fixture content service, which may not
 * import the UI runtime, answers the same detail addresses.
 */
import { matchPath as matchRoutePath } from "react-router-dom";
import { routePaths, type RouteName } from "./routePaths.generated.ts";

export type { RouteName };

/** One string per `:param` of a path pattern, in order. */
type ParamsOf<Path extends string> = Path extends `${string}/:${string}/${infer Rest}`
  ? [string, ...ParamsOf<`/${Rest}`>]
  : Path extends `${string}/:${string}`
    ? [string]
    : [];

export type RouteParams<Name extends RouteName> = ParamsOf<(typeof routePaths)[Name]>;

/** Routes without parameters: what a layout may name as a link target (a crumb, a Back fallback). */
export type FixedRouteName = { [Name in RouteName]: RouteParams<Name> extends [] ? Name : never }[RouteName];
export const fixedRouteNames = (Object.keys(routePaths) as RouteName[]).filter((name): name is FixedRouteName => !routePaths[name].includes(":")) as [
  FixedRouteName,
  ...FixedRouteName[],
];

const paramPattern = /:[A-Za-z][A-Za-z0-9]*/g;

/** The address of a named route, each `:param` filled in (encoded, so a value stays one segment). */
export function pathTo<Name extends RouteName>(name: Name, ...params: RouteParams<Name>): string {
  const values: readonly string[] = params;
  let next = 0;
  return routePaths[name].replace(paramPattern, () => encodeURIComponent(values[next++] ?? ""));
}

/**
 * The address of a content item's detail page from its anchor link ("/future-of-work"), encoded, or null
 * when the anchor cannot be one path segment: empty, with spaces, quotes or "..", or another
 * scheme's address (content is not trusted to be well formed).
 */
export function detailPath(name: RouteName, anchor: string | null | undefined): string | null {
  const slug = anchor?.trim().replace(/^\/+/, "").replace(/\/+$/, "");
  if (!slug || /[\s<>"'/?#\\]/.test(slug) || slug.includes("..") || /^[a-z][a-z0-9+.-]*:/i.test(slug)) return null;
  const pattern = routePaths[name];
  const params = pattern.match(paramPattern) ?? [];
  // Encoded as pathTo encodes (a "%" in content would otherwise make no address at all), and by a
  // function, not as the replacement string: "$`" or "$&" in content would splice the route's own text in.
  return params.length === 1 ? pattern.replace(paramPattern, () => encodeURIComponent(slug)) : null;
}

/**
 * The parameters of `path` if it is an address of the named route, matched by the router's own
 * matcher (ignoring case and a trailing slash); null otherwise. The fixture service reads detail
 * addresses with it. (It loads React: the entry points that render outside Vite choose React's
 * build first, src/server/productionEnv.ts.)
 */
export function matchPath(name: RouteName, path: string): string[] | null {
  const match = matchRoutePath({ path: routePaths[name], caseSensitive: false, end: true }, path);
  return match ? Object.values(match.params).filter((value): value is string => value !== undefined) : null;
}
