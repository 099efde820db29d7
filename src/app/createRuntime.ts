/**
 * The runtime of one app (a browser tab, or one request on the server): built here only, with
 * the settings of src/config.ts on both sides.
 */
import { layoutModules } from "virtual:corvane-layouts";
import { blockDataLoaders, blockLoaders, loadBlockPictures } from "../blocks/index.ts";
import { config } from "../config.ts";
import { createContentClient } from "../content/client.ts";
import { previewQueryParam } from "../content/previewAddress.ts";
import type { Runtime } from "../runtime/context.tsx";
import type { ResolvedLayout } from "../runtime/layout.ts";
import { layoutCandidates, layoutKey } from "../runtime/layoutNames.ts";
import { createLazyBlocks } from "../runtime/lazyBlocks.ts";
import { siteChromeSource, type SiteChrome } from "../runtime/siteData.ts";
import { loadNavigationCode } from "./routes.tsx";

/**
 * The runtime's layouts, each its own small chunk fetched when a page needs it, already resolved
 * and checked by the build (src/build/layoutsPlugin.ts).
 */
export async function layoutSource(name: string): Promise<ResolvedLayout> {
  const key = layoutCandidates(name).map(layoutKey).find((candidate) => Object.hasOwn(layoutModules, candidate));
  const load = key === undefined ? undefined : layoutModules[key];
  // The build refuses a site without layouts/default.json; this is a broken build, not a page.
  if (!load) throw new Error(`no layout for "${name}" and no default layout`);
  return (await load()).default;
}

export interface RuntimeHost {
  /** Content calls go through it (on the server: its cache in front of the content service). */
  fetch?: typeof fetch;
  /** On the server: the lead calls of a posted form (and its PDF), to the handler of the browser's /api calls (Runtime.leadClient). */
  leadFetch?: typeof fetch | undefined;
  /** The content service's address; empty: the site's own origin. */
  contentApiBase: string;
  siteUrl: string;
  /** "server": rendering a request; "hydrate": the browser, starting from the server's page; "browser": the plain single-page build. */
  mode: "server" | "hydrate" | "browser";
  /** The browser, starting from the server's page: the chrome the server rendered it with (its root route's data). */
  servedChrome?: SiteChrome | undefined;
  /**
   * The browser, on a page of an editor's preview (CONTENT-API 9): its content calls go through
   * the site's own `/api` (where the server adds the preview's token), carrying the token in their
   * address in the fallback (`addressToken`); pages load whole where the router could not carry it.
   */
  preview?: { addressToken: string | null } | undefined;
}

export function createRuntime(host: RuntimeHost): Runtime {
  // One time-out per content call: the browser's own; on the server, that of the fetch it is given (the upstream's CONTENT_TIMEOUT_SECONDS, the lead outbox's).
  const timeout = host.mode === "server" ? {} : { timeoutMs: config.requestTimeoutMs };
  const parser = async () => (await loadNavigationCode()).parseAnswer;
  const preview = host.preview;
  // In preview the browser asks the site's own /api, whatever the build names; in the address fallback each call carries the token.
  const base = preview ? "" : host.contentApiBase;
  const previewFetch = preview?.addressToken ? withAddressToken(preview.addressToken) : undefined;
  const fetch = previewFetch ?? host.fetch;
  const client = createContentClient({ base, ...timeout, parser, ...(fetch ? { fetch } : {}) });
  return {
    client,
    ...(host.leadFetch ? { leadClient: createContentClient({ base, ...timeout, parser, fetch: host.leadFetch }) } : {}),
    blocks: createLazyBlocks(blockLoaders, config.chunkTimeoutMs),
    blockData: blockDataLoaders,
    blockOptions: async () => (await loadNavigationCode()).blockOptionSchemas,
    blockPictures: loadBlockPictures,
    layouts: layoutSource,
    chrome: siteChromeSource(client, host.servedChrome),
    // The loading screen is the browser's; the server answers as soon as it has the page.
    loadingDelayMs: host.mode === "server" ? 0 : config.loadingDelayMs,
    siteUrl: host.siteUrl,
    serverRender: host.mode === "server",
    serverHtml: host.mode !== "browser",
    // The address fallback, or a service the browser would call on another origin: whole pages, each rendered by the server in preview.
    ...(preview && (preview.addressToken !== null || host.contentApiBase !== "") ? { loadWholePage: (url: URL) => window.location.assign(preview.addressToken ? withPreviewParam(url, preview.addressToken) : url.href) } : {}),
  };
}

/** `url` carrying the preview's token in its address (the fallback of a browser that refused the cookie). */
function withPreviewParam(url: URL, token: string): string {
  const next = new URL(url);
  next.searchParams.set(previewQueryParam, token);
  return next.href;
}

/** A fetch whose calls to the site's own `/api` carry the preview's token in their address. */
const withAddressToken =
  (token: string): typeof globalThis.fetch =>
  (input, init) =>
    globalThis.fetch(typeof input === "string" ? withPreviewParam(new URL(input, window.location.origin), token) : input, init);
