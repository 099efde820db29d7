/**
 * The resolved page: what one content route's loader returns, once per request on the server
 * (and embedded for hydration), and in the browser for each in-site navigation. Everything the
 * page and the chrome render comes from here: the Page, its resolved layout, the slots with
 * their selected items, texts and block data, the block names it shows (for preloading their
 * code and styles) and which of them are above the fold. The site's menus and text resources are
 * the root route's (./siteData.ts).
 */
import { useLocation, useMatches, useNavigation } from "react-router-dom";
import { ContentError } from "../content/contentError.ts";
import type { Page } from "../content/contract.ts";
import type { ResolvedLayout } from "./layout.ts";
import type { BlockName } from "./registry.ts";
import type { RenderSlot } from "./slots.ts";

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
      /** The pictures of its first screen (content addresses): loaded at once and preloaded, the others lazily (firstScreenPictures, ./loadPage.ts). */
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
