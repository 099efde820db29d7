import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/App.tsx";
import { afterContent } from "./chrome/DeferredChrome.tsx";
import { layoutSource } from "./app/layoutSource.ts";
import { routeRequest } from "./runtime/routeRequest.ts";
import { blockLoaders } from "./blocks/index.ts";
import { config } from "./config.ts";
import { createContentClient } from "./content/client.ts";
import type { Runtime } from "./runtime/context.tsx";
import { createLazyBlocks } from "./runtime/lazyBlocks.ts";
import { answeringFetch, PRERENDERED_SCRIPT_ID, PrerenderedDataSchema, type PrerenderedData } from "./runtime/prerendered.ts";
import { createSiteStores } from "./runtime/stores.ts";
import { loadPage } from "./runtime/usePageLoad.ts";
import "./styles/global.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
const rootElement: HTMLElement = root;

/** The data the server embedded with the page it rendered; null for the plain single-page build. */
function readPrerendered(): PrerenderedData | null {
  const script = document.getElementById(PRERENDERED_SCRIPT_ID);
  if (!script?.textContent) return null;
  const parsed = PrerenderedDataSchema.safeParse(JSON.parse(script.textContent));
  if (!parsed.success) console.error("the server's page data could not be read; rendering in the browser");
  return parsed.success ? parsed.data : null;
}

const prerendered = readPrerendered();
const runtime: Runtime = {
  client: createContentClient({
    base: config.contentApiBase,
    timeoutMs: config.requestTimeoutMs,
    ...(prerendered ? { fetch: answeringFetch(prerendered.answers, config.contentApiBase, (input, init) => fetch(input, init)) } : {}),
  }),
  blocks: createLazyBlocks(blockLoaders, config.chunkTimeoutMs),
  layouts: layoutSource,
  stores: createSiteStores(),
  loadingDelayMs: config.loadingDelayMs,
  siteUrl: prerendered?.siteUrl ?? window.location.origin,
};

const app = (
  <StrictMode>
    <App runtime={runtime} />
  </StrictMode>
);

/** Hydrates the server's page, loaded from the answers it embedded (the same calls, parsed the same way) with the code of all its blocks, so the first render matches the HTML. */
async function hydrate(data: PrerenderedData): Promise<boolean> {
  const url = new URL(data.url, window.location.origin);
  const route = routeRequest(url.pathname);
  if (route.kind !== "page" || url.pathname !== window.location.pathname) return false;
  if (data.pageFailed) return false;
  // Site data the server could not get: start from the same "unavailable" it rendered.
  const { siteData, requests } = runtime.stores;
  if (data.failed.includes("menus")) {
    siteData.setState({ menus: "failed" });
    requests.menus = Promise.resolve([]);
  }
  if (data.failed.includes("resources")) requests.resources = Promise.resolve({});
  const [load] = await Promise.all([loadPage(runtime, route.request, route.layout, { allBlocks: true }), afterContent.load()]);
  runtime.prerendered = { path: url.pathname, request: route.request, load, data: new Map() };
  runtime.stores.currentPage.setState(load.status === "ready" ? { status: "ready", page: load.page } : { status: "none", page: null }, true);
  hydrateRoot(rootElement, app, {
    onRecoverableError(error, info) {
      console.error("hydration:", error, info.componentStack);
    },
  });
  return true;
}

function renderInBrowser(target: HTMLElement) {
  // The static head in index.html serves crawlers and link previews of the plain build; once the
  // app runs, React renders each page's own title, description and canonical link instead.
  for (const element of document.head.querySelectorAll("[data-static-head]")) element.remove();
  target.replaceChildren();
  createRoot(target).render(app);
}

const hydrated = prerendered
  ? await hydrate(prerendered).catch((error: unknown) => {
      console.error("the server's page could not be hydrated; rendering in the browser:", error);
      return false;
    })
  : false;
if (!hydrated) renderInBrowser(rootElement);
