/**
 * The resolved page: what one content route's loader returns, once per request on the server
 * (and embedded for hydration), and in the browser for each in-site navigation. Everything the
 * page and the chrome render comes from here: the Page, its resolved layout, the slots with
 * their selected items, texts and block data, the block names it shows (for preloading their
 * code and styles) and which of them are above the fold. The site's menus and text resources are
 * the root route's (./siteData.ts).
 */
import { useLocation, useMatches, useNavigation } from "react-router-dom";
import { ContentError } from "../content/client.ts";
import type { Page } from "../content/contract.ts";
import type { Runtime } from "./context.tsx";
import { firstScreenPictures } from "./firstPictures.ts";
import type { ResolvedLayout } from "./layout.ts";
import { blockRegistry, type BlockName } from "./registry.ts";
import { layoutNameOf, pageRequest, type RouteConfig } from "./routeTable.ts";
import { pageSlots, type RenderSlot } from "./slots.ts";

export type PageData =
  | {
      status: "ready";
      page: Page;
      layout: ResolvedLayout;
      slots: RenderSlot[];
      /** Layout problems found while resolving the slots (warned in the console). */
      problems: string[];
      /** Every block the page shows, once each, in page order. */
      blocks: BlockName[];
      /**
       * Those of `blocks` above the fold (the registry's `critical`): the one split the server's
       * document, the browser's start and the renderer read; each slot says so too (`aboveTheFold`).
       */
      aboveTheFold: BlockName[];
      /** The pictures of its first screen (content addresses): loaded at once and preloaded, the others lazily (./firstPictures.ts). */
      firstPictures: string[];
      /** Rendered on the server: every block is in the HTML, so every block renders in the first pass too. */
      serverRendered: boolean;
    }
  /** The service has no such page (id 0), on a route whose `missing` rule is "not-found". */
  | { status: "missing" }
  /** The content service failed or did not answer in time. */
  | { status: "failed"; failure: LoadFailure };

/** Why a page could not be loaded, as the retry screen words it. */
export interface LoadFailure {
  kind: ContentError["kind"] | "other";
  /** The service's HTTP status, when it answered with one. */
  httpStatus?: number | undefined;
}

export function loadFailure(error: unknown): LoadFailure {
  return error instanceof ContentError ? { kind: error.kind, httpStatus: error.status } : { kind: "other" };
}

/** Loader data of a content route (the router hands it over as `unknown`). */
export function isPageData(value: unknown): value is PageData {
  return typeof value === "object" && value !== null && "status" in value;
}

const layoutCache = new WeakMap<Runtime["layouts"], Map<string, Promise<ResolvedLayout>>>();

/** A layout, resolved once per name. */
function layoutFor(runtime: Runtime, name: string): Promise<ResolvedLayout> {
  let byName = layoutCache.get(runtime.layouts);
  if (!byName) {
    byName = new Map();
    layoutCache.set(runtime.layouts, byName);
  }
  let layout = byName.get(name);
  if (!layout) {
    layout = runtime.layouts(name);
    byName.set(name, layout);
  }
  return layout;
}

/**
 * The page at `url` on `route`, resolved: "missing" for id 0 (the route decides what that means),
 * "failed" when the content service fails. Block code is loaded before it resolves: every
 * block's on the server, the above-the-fold ones' in the browser.
 */
export async function loadPageData(runtime: Runtime, route: RouteConfig, url: URL, signal: AbortSignal): Promise<PageData> {
  const { request, layout: layoutName } = pageRequest(route, url.pathname);
  const earlyLayout = layoutName === undefined ? undefined : layoutFor(runtime, layoutName);
  // The slots' titles read the site's resources: the same request as the root route's loader (./siteData.ts), which never fails.
  const chrome = runtime.chrome.load();
  let page: Page;
  try {
    page = await runtime.client.getPage(request, signal);
  } catch (error) {
    if (signal.aborted) throw error;
    console.warn(`the page "${request}" could not be loaded:`, error);
    return { status: "failed", failure: loadFailure(error) };
  }
  if (page.id === 0) return { status: "missing" };
  const { resources } = await chrome;
  const layout = await (earlyLayout ?? layoutFor(runtime, layoutNameOf(layoutName, page)));
  const { slots, problems } = pageSlots(layout, page, (key) => page.resources[key] ?? resources[key]);
  const blocks = [...new Set(slots.map((slot) => slot.block))];
  const aboveTheFold = blocks.filter((block) => blockRegistry[block].critical);
  const serverRendered = runtime.serverRender === true;
  // A block whose code fails is reported where it mounts; here it must not hold the page back.
  const code = Promise.allSettled((serverRendered ? blocks : aboveTheFold).map((block) => runtime.blocks[block].preload()));
  const pictures = runtime.blockPictures?.();
  const withData = await Promise.all(
    slots.map(async (slot): Promise<RenderSlot> => {
      const load = runtime.blockData?.[slot.block];
      const placed = { ...slot, aboveTheFold: aboveTheFold.includes(slot.block) };
      return load ? { ...placed, data: await load({ slot, page, url, client: runtime.client, signal }) } : placed;
    }),
  );
  await code;
  const firstPictures = pictures ? firstScreenPictures(withData, page, await pictures) : [];
  return { status: "ready", page, layout, slots: withData, problems, blocks, aboveTheFold, firstPictures, serverRendered };
}

export type CurrentPage =
  | { status: "loading"; page: null }
  | { status: "ready"; page: Page }
  /** Not found or not loadable: a screen is showing, but no Page. */
  | { status: "none"; page: null };

/** The page on screen, for the chrome around it: the matched route's resolved page, or loading while the router fetches another. */
export function useCurrentPage<T>(select: (state: CurrentPage) => T): T {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const matches = useMatches();
  const data = matches.at(-1)?.loaderData;
  if (!isPageData(data) || (navigation.state === "loading" && navigation.location.pathname !== pathname)) return select({ status: "loading", page: null });
  return select(data.status === "ready" ? { status: "ready", page: data.page } : { status: "none", page: null });
}
