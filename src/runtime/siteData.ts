/**
 * Site-wide data every page shares: text resources (and, through the chrome, menus).
 * Fetched once; a failed fetch is not fatal, since every text has a built-in default.
 */
import { createContext, useCallback, useContext } from "react";
import { create } from "zustand";
import type { ContentClient } from "../content/client.ts";
import type { MenuGroup, Page, Resources } from "../content/contract.ts";
import { resourceDefaults } from "./registry.ts";
import { resolveText } from "./resolveText.ts";
import type { TextSource } from "./textSource.ts";

interface SiteData {
  resources: Resources | null;
  menus: MenuGroup[] | null;
}

export const useSiteData = create<SiteData>(() => ({ resources: null, menus: null }));

const pending = new WeakMap<ContentClient, { resources?: Promise<Resources>; menus?: Promise<MenuGroup[]> }>();

function slot(client: ContentClient) {
  let entry = pending.get(client);
  if (!entry) {
    entry = {};
    pending.set(client, entry);
  }
  return entry;
}

/** Resolves to the site's resources, or to none (defaults apply) when the call fails; retried on the next page. */
export function loadResources(client: ContentClient): Promise<Resources> {
  const entry = slot(client);
  entry.resources ??= client.getResources().then(
    (resources) => {
      useSiteData.setState({ resources });
      return resources;
    },
    (error: unknown) => {
      console.warn("text resources unavailable, using defaults:", error);
      delete entry.resources;
      return {};
    },
  );
  return entry.resources;
}

/** Resolves to the menu groups, or to none when the call fails (header and footer then render nothing). */
export function loadMenus(client: ContentClient): Promise<MenuGroup[]> {
  const entry = slot(client);
  entry.menus ??= client.getMenus().then(
    (menus) => {
      useSiteData.setState({ menus });
      return menus;
    },
    (error: unknown) => {
      console.warn("menus unavailable:", error);
      delete entry.menus;
      useSiteData.setState({ menus: [] });
      return [];
    },
  );
  return entry.menus;
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
