/**
 * The state each app has of its own (one browser tab, or one server request): text resources,
 * menus. Nothing here is module state, so no request ever sees another's.
 */
import { createStore, type StoreApi } from "zustand";
import type { MenuGroup, Resources } from "../content/contract.ts";

export interface SiteData {
  resources: Resources | null;
  /** null: not answered yet; "failed": the menu call failed (after one retry), the chrome keeps its fixed parts. */
  menus: MenuGroup[] | "failed" | null;
}

export interface SiteStores {
  siteData: StoreApi<SiteData>;
  /** In-flight or settled requests for site data, one per kind. */
  requests: { resources?: Promise<Resources> | undefined; menus?: Promise<MenuGroup[]> | undefined };
}

export function createSiteStores(initial: { siteData?: Partial<SiteData> } = {}): SiteStores {
  return {
    siteData: createStore<SiteData>(() => ({ resources: null, menus: null, ...initial.siteData })),
    requests: {},
  };
}

