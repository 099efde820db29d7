/**
 * The state each app has of its own (one browser tab, or one server request): text resources,
 * menus, and the page on screen. Nothing here is module state, so no request ever sees another's.
 */
import { createStore, type StoreApi } from "zustand";
import type { MenuGroup, Page, Resources } from "../content/contract.ts";

export interface SiteData {
  resources: Resources | null;
  /** null: not answered yet; "failed": the menu call failed (after one retry), the chrome keeps its fixed parts. */
  menus: MenuGroup[] | "failed" | null;
}

export type CurrentPage =
  | { status: "loading"; page: null }
  | { status: "ready"; page: Page }
  /** Not found or not loadable: a screen is showing, but no Page. */
  | { status: "none"; page: null };

export interface SiteStores {
  siteData: StoreApi<SiteData>;
  /** The page on screen, for the chrome around it; the route that renders a page is its only writer. */
  currentPage: StoreApi<CurrentPage>;
  /** In-flight or settled requests for site data, one per kind. */
  requests: { resources?: Promise<Resources> | undefined; menus?: Promise<MenuGroup[]> | undefined };
}

export function createSiteStores(initial: { siteData?: Partial<SiteData>; currentPage?: CurrentPage } = {}): SiteStores {
  return {
    siteData: createStore<SiteData>(() => ({ resources: null, menus: null, ...initial.siteData })),
    currentPage: createStore<CurrentPage>(() => initial.currentPage ?? { status: "loading", page: null }),
    requests: {},
  };
}

