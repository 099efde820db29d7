/**
 * Site-wide data every page shares: text resources (and, through the chrome, menus).
 * Fetched once; a failed fetch is not fatal, since every text has a built-in default.
 */
import { createContext, useCallback, useContext, useMemo } from "react";
import { create } from "zustand";
import type { ContentClient } from "../content/client.ts";
import type { MenuGroup, Page, Resources } from "../content/contract.ts";
import { menusBySlot, type SiteMenus } from "../content/menus.ts";
import { resourceDefaults } from "./registry.ts";
import { resolveText } from "./resolveText.ts";
import type { TextSource } from "./textSource.ts";

interface SiteData {
  resources: Resources | null;
  menus: MenuGroup[] | null;
}

export const useSiteData = create<SiteData>(() => ({ resources: null, menus: null }));

/**
 * One request per kind of site data and client, shared by every caller. A failure resolves to
 * the fallback and is retried by the next caller.
 */
function loadOnce<T>(
  requests: WeakMap<ContentClient, Promise<T>>,
  client: ContentClient,
  fetch: () => Promise<T>,
  publish: (value: T) => void,
  failure: { fallback: T; warning: string; publishFallback: boolean },
): Promise<T> {
  const existing = requests.get(client);
  if (existing) return existing;
  const request = fetch().then(
    (value) => {
      publish(value);
      return value;
    },
    (error: unknown) => {
      console.warn(failure.warning, error);
      requests.delete(client);
      if (failure.publishFallback) publish(failure.fallback);
      return failure.fallback;
    },
  );
  requests.set(client, request);
  return request;
}

const resourceRequests = new WeakMap<ContentClient, Promise<Resources>>();
const menuRequests = new WeakMap<ContentClient, Promise<MenuGroup[]>>();

/** Resolves to the site's resources, or to none (defaults apply) when the call fails; retried on the next page. */
export function loadResources(client: ContentClient): Promise<Resources> {
  return loadOnce(resourceRequests, client, () => client.getResources(), (resources) => useSiteData.setState({ resources }), {
    fallback: {},
    warning: "text resources unavailable, using defaults:",
    publishFallback: false,
  });
}

/** Resolves to the menu groups, or to none when the call fails: the store then says "no menus", so header and footer render nothing. */
export function loadMenus(client: ContentClient): Promise<MenuGroup[]> {
  return loadOnce(menuRequests, client, () => client.getMenus(), (menus) => useSiteData.setState({ menus }), {
    fallback: [],
    warning: "menus unavailable:",
    publishFallback: true,
  });
}

/** The menus by slot; null until the menu call has answered (or failed: then every slot is empty). */
export function useSiteMenus(): SiteMenus | null {
  const menus = useSiteData((state) => state.menus);
  return useMemo(() => (menus === null ? null : menusBySlot(menus)), [menus]);
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
