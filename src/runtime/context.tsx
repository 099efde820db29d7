/**
 * What the runtime needs from its host, provided once per app (a browser tab, or one server
 * request): the content client, the blocks (the only link to src/blocks), the layout files,
 * the site's chrome (menus, resources) asked once per app, and the timings.
 */
import { createContext, useContext, type ReactNode } from "react";
import type { ContentClient } from "../content/client.ts";
import type { Page } from "../content/contract.ts";
import type { BlockName } from "./registry.ts";
import type { OptionsSchema, RenderSlot } from "./slots.ts";
import type { ResolvedLayout } from "./layout.ts";
import type { NearViewport } from "./hydrateNear.ts";
import type { HydrationTurns } from "./hydrationTurns.ts";
import type { LazyBlocks } from "./lazyBlocks.ts";
import type { SettledPromise } from "./settled.ts";
import type { SiteChromeSource } from "./siteData.ts";

/** Data a block needs before it renders (a list's first page), loaded with the page so the server's HTML and hydration agree. */
export type BlockDataLoader = (context: { slot: RenderSlot; page: Page; url: URL; client: ContentClient; signal: AbortSignal }) => Promise<unknown>;
export type BlockDataLoaders = Partial<Record<BlockName, BlockDataLoader>>;
/** The content addresses of the pictures a slot's block shows, in the order it shows them (nulls for items without one). */
export type SlotPictures = (slot: RenderSlot, page: Page) => readonly (string | null | undefined)[];
/** Each block's pictures (src/blocks/pictures.ts), for its first screen's (./loadPage.ts); a block not named shows none. */
export type BlockPictures = Partial<Record<BlockName, SlotPictures>>;
/** Each block's options schema, by name (src/blocks/optionSchemas.ts). */
export type BlockOptionSchemas = Record<BlockName, OptionsSchema>;

export interface Runtime {
  client: ContentClient;
  /**
   * On the server: the lead calls (and a thought paper's PDF) of a form posted to a page, to the
   * same handler the browser's own /api calls reach, in process and never cached. Else `client`.
   */
  leadClient?: ContentClient | undefined;
  /** The blocks, each loaded on first use (createLazyBlocks). */
  blocks: LazyBlocks;
  /** The layout a page of this name uses, resolved (its own, else the default one). */
  layouts: (name: string) => Promise<ResolvedLayout>;
  /** The menus and text resources, asked once per app (the root route's loader and the page's share them). */
  chrome: SiteChromeSource;
  loadingDelayMs: number;
  /** The public origin for canonical links (SITE_URL on the server; the page's own origin in a plain build). */
  siteUrl: string;
  /** Rendering on the server: the document's head is written by the server, not by React (which would put it in the body). */
  serverRender?: boolean;
  /** Each block's options schema, loaded with the first page this app resolves itself: the loader checks every slot's options against its block's. */
  blockOptions: () => Promise<BlockOptionSchemas>;
  /** Blocks that load data of their own with the page (src/blocks/index.ts). */
  blockData?: BlockDataLoaders | undefined;
  /** The pictures each block shows, for the first screen's (./loadPage.ts); none without it. */
  blockPictures?: (() => Promise<BlockPictures>) | undefined;
  /** The first page's HTML came from the server (rendering it there, or hydrating it): the first paint has happened. */
  serverHtml?: boolean | undefined;
  /**
   * While the server's page hydrates: settles once the page's shell (its above-the-fold part) has
   * hydrated. Blocks below the fold wait for it before they ask for their code, so that code never
   * delays the page answering; until then they keep the server's HTML.
   */
  shellHydrated?: SettledPromise<void> | undefined;
  /** Called by the app once its first render has committed (settles `shellHydrated`). */
  onShellHydrated?: (() => void) | undefined;
  /** While the server's page hydrates: when a section below the fold may hydrate (./hydrateNear.ts). */
  nearViewport?: NearViewport | undefined;
  /** While the server's page hydrates: each island's turn to hydrate, one commit at a time (./hydrationTurns.ts). */
  turns?: HydrationTurns | undefined;
  /**
   * In an editor's preview where the browser cannot carry it through the site's own `/api` calls
   * (the address fallback, or a content service on another origin): the next page is loaded by
   * the browser from the server, as a whole page, not by the router (src/app/routes.tsx).
   */
  loadWholePage?: ((url: URL) => void) | undefined;
}

export const RuntimeContext = createContext<Runtime | null>(null);

export function RuntimeProvider({ runtime, children }: { runtime: Runtime; children: ReactNode }) {
  return <RuntimeContext value={runtime}>{children}</RuntimeContext>;
}

export function useRuntime(): Runtime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error("useRuntime() outside <RuntimeProvider>");
  return runtime;
}
