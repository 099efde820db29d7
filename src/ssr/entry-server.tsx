/**
 * The server's way into the site: one address in, the HTML of its page out, rendered by the same
 * runtime the browser runs (route -> page name -> content -> layout -> slots -> blocks). Built by
 * `vite build --ssr` into dist/server/; the production server and `npm run export` load it.
 */
import { JSDOM } from "jsdom";
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { App } from "../app/App.tsx";
import { layoutSource } from "../app/layoutSource.ts";
import { pageHeadTags, type HeadTags } from "../app/pageHead.ts";
import { routeRequest } from "../runtime/routeRequest.ts";
import { blockLoaders, blockModules } from "../blocks/index.ts";
import { createContentClient } from "../content/client.ts";
import type { Runtime } from "../runtime/context.tsx";
import { createLazyBlocks } from "../runtime/lazyBlocks.ts";
import type { LoadedPage } from "../runtime/pageLoad.ts";
import type { ContentAnswer, PrerenderedData } from "../runtime/prerendered.ts";
import { blockRegistry, type BlockName } from "../runtime/registry.ts";
import { pageSlots } from "../runtime/slots.ts";
import { createSiteStores } from "../runtime/stores.ts";
import { loadPage } from "../runtime/usePageLoad.ts";
import { provideServerWindow, type HtmlWindow } from "../ui/htmlWindow.ts";
import { serveMediaThroughSite } from "../ui/media.ts";
import type { DocumentOptions, RenderedDocument, RenderModule } from "../server/renderModule.ts";
import { composeDocument, deferHydration, pageAssets, headHtml, inlineEntryStyles, type BuildManifest } from "./document.ts";
import { siteAddresses } from "./siteAddresses.ts";
import { robotsTxt, sitemapFiles } from "./sitemap.ts";
import { requestUrl } from "../content/requestUrl.ts";

/** Content HTML is sanitized on the server by the same DOMPurify as in the browser, in a jsdom window. */
provideServerWindow(new JSDOM("<!doctype html>").window as unknown as HtmlWindow);
/** Server-made pages load content media through the site's own /_media/ (src/ui/media.ts, docs/media.md). */
serveMediaThroughSite();

/** A redirect, or a page with its status, head, body HTML and the data the browser hydrates it from. */
export type RenderResult =
  | { kind: "redirect"; status: 301 | 302; location: string }
  | {
      kind: "page";
      /** 200; 404 for the not-found screen; 503 when the content service failed and there was no copy to serve. */
      status: 200 | 404 | 503;
      head: HeadTags | null;
      html: string;
      data: PrerenderedData;
      /** Source modules whose styles the page needs at once: its blocks, and the chrome after the content. */
      modules: string[];
      /** Source modules whose code the browser needs before it hydrates: the above-the-fold blocks. */
      criticalModules: string[];
    };

export interface RenderOptions {
  /** Content calls go through it: the server's cache in front of the content service. */
  fetch: typeof fetch;
  siteUrl: string;
  timeoutMs?: number;
}

/** Every content call the render makes, with its answer when it was a good one. */
function recordingFetch(next: typeof fetch, answers: ContentAnswer[], failed: Set<string>): typeof fetch {
  return async (input, init) => {
    const url = new URL(requestUrl(input), "http://content.invalid");
    const body = typeof init?.body === "string" ? init.body : "";
    try {
      const response = await next(input, init);
      if (response.status !== 200) {
        failed.add(url.pathname);
        return response;
      }
      const answer = await response.text();
      answers.push({ path: url.pathname, body, answer });
      return new Response(answer, { status: 200, headers: response.headers });
    } catch (error) {
      failed.add(url.pathname);
      throw error;
    }
  };
}

async function renderToString(node: React.ReactNode): Promise<string> {
  // No progressive chunks: a crawler without JavaScript must find every block's text in place.
  const { prelude } = await prerenderToNodeStream(node, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString("utf8");
}

function pageBlocks(load: LoadedPage, runtime: Runtime): BlockName[] {
  if (load.status !== "ready") return [];
  const { page, layout } = load;
  const resources = runtime.stores.siteData.getState().resources ?? {};
  return [...new Set<BlockName>(pageSlots(layout, page, (key) => page.resources[key] ?? resources[key]).slots.map((slot) => slot.block))];
}

export async function renderPage(address: string, options: RenderOptions): Promise<RenderResult> {
  const url = new URL(address, "http://site.invalid");
  const route = routeRequest(url.pathname);
  if (route.kind === "redirect") return { kind: "redirect", status: 301, location: `${route.to}${url.search}` };

  const answers: ContentAnswer[] = [];
  const failedCalls = new Set<string>();
  const stores = createSiteStores();
  const runtime: Runtime = {
    client: createContentClient({ base: "", timeoutMs: options.timeoutMs ?? 15_000, fetch: recordingFetch(options.fetch, answers, failedCalls) }),
    blocks: createLazyBlocks(blockLoaders, 120_000),
    layouts: layoutSource,
    stores,
    loadingDelayMs: 0,
    siteUrl: options.siteUrl,
    serverRender: true,
  };

  let load: LoadedPage | null;
  let loadError: unknown = null;
  try {
    load = await loadPage(runtime, route.request, route.layout, { allBlocks: true });
  } catch (error) {
    load = null;
    loadError = error;
  }
  if (load?.status === "missing" && (route.route.missing ?? "not-found") === "home") return { kind: "redirect", status: 302, location: "/" };

  const failed: PrerenderedData["failed"] = [];
  if (stores.siteData.getState().menus === "failed") failed.push("menus");
  if (failedCalls.has("/api/resource/list")) failed.push("resources");
  const path = `${url.pathname}${url.search}`;
  const data: PrerenderedData = { url: path, siteUrl: options.siteUrl, answers, failed, pageFailed: load === null };
  // Without a page (the service failed) the retry screen renders; the browser then starts over on its own.
  runtime.prerendered = { path: url.pathname, request: route.request, load: load ?? { status: "error", error: loadError }, data: new Map() };
  stores.currentPage.setState(load?.status === "ready" ? { status: "ready", page: load.page } : { status: "none", page: null }, true);
  const html = await renderToString(
    <StrictMode>
      <App runtime={runtime} location={path} />
    </StrictMode>,
  );
  const blocks = load ? pageBlocks(load, runtime) : [];
  const modules = load ? [...blocks.map((block) => blockModules[block]), "src/chrome/AfterContent.tsx"] : [];
  const criticalModules = blocks.filter((block) => blockRegistry[block].critical).map((block) => blockModules[block]);
  return {
    kind: "page",
    status: load === null ? 503 : load.status === "missing" ? 404 : 200,
    head: load?.status === "ready" ? pageHeadTags(load.page, url.pathname, options.siteUrl) : null,
    html,
    data,
    modules,
    criticalModules,
  };
}

/** The page at `address` as a whole HTML document (see ./document.ts), or the redirect it answers with. */
export async function renderDocument(address: string, options: DocumentOptions): Promise<RenderedDocument> {
  const result = await renderPage(address, options);
  if (result.kind === "redirect") return result;
  const manifest = options.manifest as BuildManifest;
  const assets = pageAssets(manifest, { styles: result.modules, scripts: result.criticalModules }, options.readStyle);
  const template = inlineEntryStyles(options.template, options.readStyle);
  // The retry screen (503) is not hydrated: the browser starts over at once, with index.html's own loading.
  const html = composeDocument(result.status === 503 ? template : deferHydration(template, manifest, assets.scripts), {
    head: headHtml(result.head, result.status === 404 ? "Page not found" : "Corvane Global Services"),
    assets: assets.styles,
    html: result.html,
    data: result.data,
  });
  return { kind: "page", status: result.status, html };
}


/** Every address of the site (see ./siteAddresses.ts), read through `options.fetch`. */
export function listAddresses(options: { fetch: typeof fetch; siteUrl: string; timeoutMs?: number }): Promise<string[]> {
  return siteAddresses(createContentClient({ base: "", timeoutMs: options.timeoutMs ?? 15_000, fetch: options.fetch }), options.siteUrl);
}

export { robotsTxt, sitemapFiles };

export const renderModule = { renderDocument, listAddresses, sitemapFiles, robotsTxt } satisfies RenderModule;
