/**
 * Site-wide data every page shares (text resources, menus): the root route's loader data (the
 * site's chrome), how it is loaded once per app and read by components, and what a layout's
 * TextSource (./textSource.ts) says with those resources, for slot titles (./slots.ts) and blocks
 * alike. (The page on screen is its content route's: see useCurrentPage in ./pageData.ts.)
 */
import { createContext, useCallback, useContext, useMemo } from "react";
import { useRouteLoaderData } from "react-router-dom";
import type { ContentClient } from "../content/client.ts";
import type { MenuGroup, Page, Resources } from "../content/contract.ts";
import { menusBySlot, type SiteMenus } from "../content/menus.ts";
import { resourceDefaults } from "./registry.ts";
import type { TextSource } from "./textSource.ts";

/** The id of the route around every page, whose loader returns the site's chrome (src/app/routes.tsx). */
export const ROOT_ROUTE_ID = "root";

/** The site data the chrome shows around every page: what the root route's loader returns. */
export interface SiteChrome {
  /** "failed": the menu call failed (after one retry); the chrome keeps its fixed parts. */
  menus: MenuGroup[] | "failed";
  /** The site's text resources; none (defaults apply) when the call failed. */
  resources: Resources;
}

/** The root route's data (the router hands it over as `unknown`). */
export function isSiteChrome(value: unknown): value is SiteChrome {
  return typeof value === "object" && value !== null && "menus" in value && "resources" in value;
}

/**
 * The site's chrome for one app (a browser tab, or one server request): one request per kind,
 * shared by every caller (the root route's loader, and the page's, which resolves slot titles
 * with the resources), so a navigation asks each at most once. A kind that failed is asked again
 * by the next caller (the next page).
 */
export interface SiteChromeSource {
  load(): Promise<SiteChrome>;
  /** The last answer's menus failed: the root route's loader runs again on the next page. */
  menusFailed(): boolean;
}

const failed = "failed";

/** One request, shared until its answer says it failed; the next caller then asks again. */
function askedOnce<T>(ask: () => Promise<T | typeof failed>, served?: T | typeof failed): { get: () => Promise<T | typeof failed>; failed: () => boolean } {
  let answer: Promise<T | typeof failed> | undefined = served === undefined ? undefined : Promise.resolve(served);
  let settled: T | typeof failed | undefined = served;
  return {
    get() {
      if (answer === undefined || settled === failed) {
        settled = undefined;
        const asked = ask();
        answer = asked;
        void asked.then((value) => {
          if (answer === asked) settled = value;
        });
      }
      return answer;
    },
    failed: () => settled === failed,
  };
}

/** `served`: the chrome the server rendered the page with (the browser starts from it, asking nothing again). */
export function siteChromeSource(client: ContentClient, served?: SiteChrome): SiteChromeSource {
  // A failed menu call is asked once more at once: the header keeps its logo and the footer its legal row only when that fails too.
  const menus = askedOnce<MenuGroup[]>(
    () =>
      client
        .getMenus()
        .catch(() => client.getMenus())
        .catch((error: unknown) => {
          console.warn("menus unavailable:", error);
          return failed;
        }),
    served?.menus,
  );
  const resources = askedOnce<Resources>(
    () =>
      client.getResources().catch((error: unknown) => {
        console.warn("text resources unavailable, using defaults:", error);
        return failed;
      }),
    served?.resources,
  );
  return {
    async load() {
      const [menuGroups, texts] = await Promise.all([menus.get(), resources.get()]);
      return { menus: menuGroups, resources: texts === failed ? {} : texts };
    },
    menusFailed: menus.failed,
  };
}

/** The root route's data: the site's chrome; null outside the site's routes (a screen rendered before it has loaded). */
export function useSiteChrome(): SiteChrome | null {
  const chrome: unknown = useRouteLoaderData(ROOT_ROUTE_ID);
  return isSiteChrome(chrome) ? chrome : null;
}

/** The menus by slot; null until the menu call has answered; every slot empty when it failed. */
export function useSiteMenus(): (SiteMenus & { failed: boolean }) | null {
  const menus = useSiteChrome()?.menus ?? null;
  return useMemo(() => (menus === null ? null : { ...menusBySlot(menus === "failed" ? [] : menus), failed: menus === "failed" }), [menus]);
}

/** Resource text as the content service has it; undefined when neither the page nor the site has the key. */
export type TextLookup = (key: string) => string | undefined;

/** The text a source points at, or null when there is none (a page field that is empty, a resource with no default). */
export function resolveText(source: TextSource, page: Page, lookup: TextLookup): string | null {
  if ("field" in source) {
    const value = page[source.field];
    return value?.trim() ? value : null;
  }
  return lookup(source.resource) ?? source.default ?? resourceDefaults[source.resource] ?? null;
}

/** The current page's own resources, which win over the site's. */
export const PageResourcesContext = createContext<Readonly<Record<string, string>>>({});

/** Resource text as the content service has it: the page's, then the site's; undefined when neither has the key. */
export function useResourceLookup(): TextLookup {
  const pageResources = useContext(PageResourcesContext);
  const siteResources = useSiteChrome()?.resources;
  return useCallback((key: string) => pageResources[key] ?? siteResources?.[key], [pageResources, siteResources]);
}

/** Text by resource key, falling back to the given default, then to registry/resource-defaults.json. */
export function useResourceText(): (key: string, fallback?: string) => string {
  const lookup = useResourceLookup();
  return useCallback((key: string, fallback?: string) => lookup(key) ?? fallback ?? resourceDefaults[key] ?? "", [lookup]);
}

/** Copy a layout points at (a text resource or a field of the page), for blocks that show fixed sections. */
export function useLayoutText(page: Page): (source: TextSource | undefined) => string | null {
  const lookup = useResourceLookup();
  return useCallback((source: TextSource | undefined) => (source ? resolveText(source, page, lookup) : null), [page, lookup]);
}
