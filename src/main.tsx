import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { APP_READY_ATTRIBUTE, App } from "./app/App.tsx";
import { layoutSource } from "./app/layoutSource.ts";
import { routeRequest } from "./runtime/routeRequest.ts";
import { blockLoaders } from "./blocks/index.ts";
import { config } from "./config.ts";
import { createContentClient } from "./content/client.ts";
import type { Runtime } from "./runtime/context.tsx";
import { createLazyBlocks } from "./runtime/lazyBlocks.ts";
import { answeringFetch, PRERENDERED_SCRIPT_ID, PrerenderedDataSchema, type PrerenderedData } from "./runtime/prerendered.ts";
import { settled } from "./runtime/settled.ts";
import { pageSlots } from "./runtime/slots.ts";
import { createSiteStores } from "./runtime/stores.ts";
import { loadPage } from "./runtime/usePageLoad.ts";
import { serveMediaThroughSite } from "./ui/media.ts";
import "./styles/global.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
const rootElement: HTMLElement = root;

/** A new task: the browser may paint and handle input between the steps of starting the app. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The data the server embedded with the page it rendered; null for the plain single-page build. */
function readPrerendered(): PrerenderedData | null {
  const script = document.getElementById(PRERENDERED_SCRIPT_ID);
  if (!script?.textContent) return null;
  const parsed = PrerenderedDataSchema.safeParse(JSON.parse(script.textContent));
  if (!parsed.success) console.error("the server's page data could not be read; rendering in the browser");
  return parsed.success ? parsed.data : null;
}

// Reading the page's data (a zod parse) in a task of its own, apart from evaluating the app's modules.
await nextTask();
const prerendered = readPrerendered();
// A page the server made loads content media through the site's /_media/, as the server rendered them (src/ui/media.ts).
if (prerendered) serveMediaThroughSite();
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

/** Hydrates the server's page, loaded from the answers it embedded (the same calls, parsed the same way), so the first render matches the HTML. */
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
  // The above-the-fold blocks' code (requested by src/boot.ts with the entry's) before hydrating; the sections below
  // keep the server's HTML and hydrate as their code arrives (React's selective hydration).
  await nextTask();
  const load = await loadPage(runtime, route.request, route.layout);
  await nextTask();
  runtime.prerendered = { path: url.pathname, request: route.request, load, data: new Map() };
  let shellDone: () => void = () => undefined;
  runtime.shellHydrated = settled(new Promise<void>((resolve) => (shellDone = resolve)));
  runtime.onShellHydrated = () => {
    shellDone();
    // The sections below the fold ask for their code now; once it is there and React has had a
    // frame to hydrate them, the whole page answers.
    // One block per task: asking for a block's code and styles takes a few milliseconds each.
    const names = load.status === "ready" ? [...new Set(pageSlots(load.layout, load.page, () => undefined).slots.map((slot) => slot.block))] : [];
    void (async () => {
      const blocks: Promise<unknown>[] = [];
      for (const name of names) {
        blocks.push(runtime.blocks[name].preload());
        await nextTask();
      }
      await Promise.allSettled(blocks);
      requestAnimationFrame(() => setTimeout(() => document.documentElement.setAttribute(APP_READY_ATTRIBUTE, ""), 0));
    })();
  };
  runtime.stores.currentPage.setState(load.status === "ready" ? { status: "ready", page: load.page } : { status: "none", page: null }, true);
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page (the page is already visible and its links work meanwhile).
  startTransition(() => {
    hydrateRoot(rootElement, app, {
      onRecoverableError(error, info) {
        console.error("hydration:", error, info.componentStack);
      },
    });
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
