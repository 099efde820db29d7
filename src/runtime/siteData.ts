/**
 * Site-wide data every page shares (text resources, menus): how it is loaded into the app's own
 * stores (./stores.ts) and read by components. (The page on screen is the router's: see
 * useCurrentPage in ./pageData.ts.)
 */
import { createContext, useCallback, useContext, useMemo, useSyncExternalStore } from "react";
import type { StoreApi } from "zustand";
import type { ContentClient } from "../content/client.ts";
import type { MenuGroup, Page, Resources } from "../content/contract.ts";
import { createSiteStores, type SiteData, type SiteStores } from "./stores.ts";
import { menusBySlot, type SiteMenus } from "../content/menus.ts";
import { RuntimeContext } from "./context.tsx";
import { resourceDefaults } from "./registry.ts";
import { resolveText } from "./resolveText.ts";
import type { TextSource } from "./textSource.ts";

/**
 * Used only where no runtime is mounted: unit tests that render one component alone. The app,
 * in the browser and on the server, always brings its own stores in its Runtime.
 */
export const standaloneStores = createSiteStores();

export function useSiteStores(): SiteStores {
  return useContext(RuntimeContext)?.stores ?? standaloneStores;
}

/**
 * A store's state as of now, on the server and while hydrating too (zustand's own hook would
 * answer with the store's initial state there, not with the data loaded before the render).
 * `select` must return a primitive or a value held in the state.
 */
function useStoreState<S, T>(store: StoreApi<S>, select: (state: S) => T): T {
  const read = () => select(store.getState());
  return useSyncExternalStore(store.subscribe, read, read);
}

export function useSiteData<T>(select: (state: SiteData) => T): T {
  return useStoreState(useSiteStores().siteData, select);
}

/**
 * One request per kind of site data, shared by every caller. A failure resolves to the fallback
 * and is retried by the next caller.
 */
function loadOnce<T>(
  stores: SiteStores,
  kind: "resources" | "menus",
  fetch: () => Promise<T>,
  publish: (value: T) => void,
  failure: { fallback: T; warning: string; onFailure?: () => void },
): Promise<T> {
  const existing = stores.requests[kind] as Promise<T> | undefined;
  if (existing) return existing;
  const request = fetch().then(
    (value) => {
      publish(value);
      return value;
    },
    (error: unknown) => {
      console.warn(failure.warning, error);
      stores.requests[kind] = undefined;
      failure.onFailure?.();
      return failure.fallback;
    },
  );
  (stores.requests as Record<string, Promise<unknown>>)[kind] = request;
  return request;
}

/** Resolves to the site's resources, or to none (defaults apply) when the call fails; retried on the next page. */
export function loadResources(stores: SiteStores, client: ContentClient): Promise<Resources> {
  return loadOnce(stores, "resources", () => client.getResources(), (resources) => stores.siteData.setState({ resources }), {
    fallback: {},
    warning: "text resources unavailable, using defaults:",
  });
}

/**
 * Resolves to the menu groups. A failed call is asked once more at once; when that fails too the
 * store says "failed", so the header keeps its logo and the footer its legal row, and the next
 * page asks again.
 */
export function loadMenus(stores: SiteStores, client: ContentClient): Promise<MenuGroup[]> {
  const ask = () => client.getMenus().catch(() => client.getMenus());
  return loadOnce(stores, "menus", ask, (menus) => stores.siteData.setState({ menus }), {
    fallback: [],
    warning: "menus unavailable:",
    onFailure: () => {
      if (stores.siteData.getState().menus === null) stores.siteData.setState({ menus: "failed" });
    },
  });
}

/** The menus by slot; null until the menu call has answered; every slot empty when it failed. */
export function useSiteMenus(): (SiteMenus & { failed: boolean }) | null {
  const menus = useSiteData((state) => state.menus);
  return useMemo(() => (menus === null ? null : { ...menusBySlot(menus === "failed" ? [] : menus), failed: menus === "failed" }), [menus]);
}

/** The current page's own resources, which win over the site's. */
export const PageResourcesContext = createContext<Readonly<Record<string, string>>>({});

/** Resource text as the content service has it: the page's, then the site's; undefined when neither has the key. */
export function useResourceLookup(): (key: string) => string | undefined {
  const pageResources = useContext(PageResourcesContext);
  const siteResources = useSiteData((state) => state.resources);
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
