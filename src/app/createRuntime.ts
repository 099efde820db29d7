/**
 * The runtime of one app (a browser tab, or one request on the server): built here only, with
 * the settings of src/config.ts on both sides.
 */
import { blockDataLoaders, blockLoaders, loadBlockPictures } from "../blocks/index.ts";
import { config } from "../config.ts";
import { createContentClient } from "../content/client.ts";
import type { Runtime } from "../runtime/context.tsx";
import { createLazyBlocks } from "../runtime/lazyBlocks.ts";
import { siteChromeSource, type SiteChrome } from "../runtime/siteData.ts";
import { layoutSource } from "./layoutSource.ts";
import { loadNavigationCode } from "./routes.tsx";

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
}

export function createRuntime(host: RuntimeHost): Runtime {
  // One time-out per content call: the browser's own; on the server, that of the fetch it is given (the upstream's CONTENT_TIMEOUT_SECONDS, the lead outbox's).
  const timeout = host.mode === "server" ? {} : { timeoutMs: config.requestTimeoutMs };
  const parser = async () => (await loadNavigationCode()).parseAnswer;
  const client = createContentClient({ base: host.contentApiBase, ...timeout, parser, ...(host.fetch ? { fetch: host.fetch } : {}) });
  return {
    client,
    ...(host.leadFetch ? { leadClient: createContentClient({ base: host.contentApiBase, ...timeout, parser, fetch: host.leadFetch }) } : {}),
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
  };
}
