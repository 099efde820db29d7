/**
 * The app in the browser: reads the page data the server embedded, makes the runtime and the
 * router, and hydrates the server's page (or, in the plain single-page build, renders it).
 * Loaded by src/main.tsx in a task after React's and the router's own code has been evaluated.
 */
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { FOOTER_ISLAND, FOOTER_SELECTOR } from "../chrome/AfterContent.tsx";
import { config } from "../config.ts";
import { RuntimeProvider } from "../runtime/context.tsx";
import { findHydrationScript, parseHydrationData, type HydrationData } from "../runtime/hydrationData.ts";
import { isPageData, type PageData } from "../runtime/pageData.ts";
import { hydrateWhenNear } from "../runtime/hydrateNear.ts";
import { createHydrationTurns, slotIsland } from "../runtime/hydrationTurns.ts";
import { settled } from "../runtime/settled.ts";
import { blockRegistry, waitsForVisitor, type BlockName } from "../runtime/registry.ts";
import { routeFor } from "../runtime/routeTable.ts";
import { isSiteChrome, ROOT_ROUTE_ID } from "../runtime/siteData.ts";
import { keepServerHtmlWhileHydrating } from "../ui/SafeHtml.tsx";
import { serveMediaThroughSite } from "../ui/media.ts";
import { PREVIEW_NOTICE_ID, previewExitHref, previewQueryParam } from "../content/previewAddress.ts";
import { AFTER_CONTENT_ISLAND, HEADER_ISLAND, markAppReady, SHELL_HYDRATED_MARK } from "./App.tsx";
import { createRuntime } from "./createRuntime.ts";
import { loadNavigationCode, siteRoutes } from "./routes.tsx";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
const rootElement: HTMLElement = root;

/** A new task: the browser may paint and handle input between the steps of starting the app. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The router's data the server embedded with the page it rendered; null for the plain single-page
 * build. The retry screen's has no loader data: the browser loads the page itself.
 */
function readHydrationData(): HydrationData | null {
  // Found by its place and type, never by id: content HTML may carry any id (src/runtime/hydrationData.ts).
  const script = findHydrationScript(document);
  if (!script?.textContent) return null;
  let parsed: HydrationData | null = null;
  try {
    parsed = parseHydrationData(JSON.parse(script.textContent));
  } catch {
    // Not JSON: rendered in the browser, as below.
  }
  if (!parsed) console.error("the server's page data could not be read; rendering in the browser");
  return parsed;
}

// Reading the page's data, making the runtime and making the router each in a task
// of their own, apart from evaluating the app's modules: on a slow phone each takes tens of
// milliseconds, and together they were one task that held off the visitor's first taps.
await nextTask();
const served = readHydrationData();
// A page the site's server sent (its retry screen too) loads content media through the site's /_media/, as the server renders them (src/ui/media.ts).
if (served) serveMediaThroughSite();
const hydration = served && Object.keys(served.loaderData).length > 0 ? served : null;
await nextTask();
const servedChrome = hydration?.loaderData[ROOT_ROUTE_ID];
const runtime = createRuntime({
  contentApiBase: config.contentApiBase,
  siteUrl: served?.siteUrl ?? window.location.origin,
  mode: hydration ? "hydrate" : "browser",
  // The chrome the server rendered with, for the page loaders of the next pages (the router has it already).
  servedChrome: isSiteChrome(servedChrome) ? servedChrome : undefined,
  // An editor's preview (CONTENT-API 9): in its address fallback, the token is in this page's address.
  preview: served?.preview ? { addressToken: served.preview.via === "address" ? new URLSearchParams(window.location.search).get(previewQueryParam) : null } : undefined,
});
await nextTask();
// Making the router matches the address against the route table with code that has never run yet
// (compiled as it first runs): matched once here, in a task of its own, that task and the router's
// are each about half of what the one was (docs/performance.md).
const routes = siteRoutes(runtime);
routeFor(window.location.pathname);
await nextTask();
const router = createBrowserRouter(routes, hydration ? { hydrationData: { loaderData: hydration.loaderData, ...(hydration.actionData ? { actionData: hydration.actionData } : {}) } } : {});
// The preview notice's exit leads back to the page shown, after in-site navigations too.
const previewExit = served?.preview ? document.getElementById(PREVIEW_NOTICE_ID)?.querySelector("a") : null;
if (previewExit) router.subscribe(({ location }) => void (previewExit.href = previewExitHref(`${location.pathname}${location.search}`)));

const app = (
  <StrictMode>
    <RuntimeProvider runtime={runtime}>
      <RouterProvider router={router} />
    </RuntimeProvider>
  </StrictMode>
);

/** Hydrates the server's page from the data its loader returned there: nothing is asked of the content service again. */
async function hydrate(page: PageData) {
  // Content HTML hydrating keeps what the server sanitized: DOMPurify is not loaded for it (src/ui/SafeHtml.tsx).
  keepServerHtmlWhileHydrating();
  // A block that does nothing in the browser keeps the server's HTML (src/ui/ServerHtml.tsx): nothing to wait for, no code to ask for.
  const interactive = (block: BlockName) => blockRegistry[block].interactive;
  const aboveTheFold = page.status === "ready" ? page.aboveTheFold.filter(interactive) : [];
  const belowTheFold = page.status === "ready" ? page.slots.filter((slot) => slot.aboveTheFold !== true && interactive(slot.block)) : [];
  // The page hydrates in islands, one commit each (src/runtime/hydrationTurns.ts).
  const turns = createHydrationTurns();
  runtime.turns = turns;
  if (page.status === "ready") {
    const whenReached = belowTheFold.filter((slot) => waitsForVisitor(slot.block)).map((slot) => slot.id);
    const footer = { id: FOOTER_ISLAND, element: document.querySelector(FOOTER_SELECTOR) };
    const nearViewport = hydrateWhenNear(page.page, belowTheFold.map((slot) => slot.id), whenReached, document, [footer]);
    runtime.nearViewport = nearViewport;
  }
  // An update from above waits for every section to hydrate (src/runtime/hydrateNear.ts, hydrationTurns.ts): none may be held back then.
  const unsubscribe = router.subscribe(() => {
    unsubscribe();
    runtime.nearViewport?.releaseAll();
    turns.releaseAll();
  });
  // The above-the-fold blocks' code (requested by src/boot.ts with the entry's) before hydrating.
  await Promise.allSettled(aboveTheFold.map((block) => runtime.blocks[block].preload()));
  // The shell: the header, the first screen's interactive blocks (those whose code came: one that
  // failed shows its error in its place) and the contact shortcut, each hydrated on its own; the
  // footer, below the fold, hydrates as it comes near (src/chrome/AfterContent.tsx).
  const firstScreen = page.status === "ready" ? page.slots.filter((slot) => slot.aboveTheFold === true && interactive(slot.block) && runtime.blocks[slot.block].loaded()) : [];
  const shellIslands = [HEADER_ISLAND, ...firstScreen.map((slot) => slotIsland(slot.id)), AFTER_CONTENT_ISLAND];
  await nextTask();
  // What hydrates after the shell asks for its code now, while the shell hydrates: the page's own
  // blocks below the fold (most are in the app's chunk, which is there already: vite.config.ts;
  // a block that brings a package has a file of its own), but not those that wait for the visitor
  // to reach them (the contact form: its code is asked for as its section is reached).
  // Their code must be there before any update from above: React hydrates every section before it
  // commits one (a navigation, a link to an anchor), and a section whose code is still on its way
  // then is rendered anew, its server HTML dropped and the sections after it moved (seen: an
  // anchor's target moved 1,670 px up mid-glide). One block per task: asking for a block's code
  // and styles takes a few milliseconds each.
  const afterShell = (async () => {
    const loading: Promise<unknown>[] = [];
    for (const block of new Set(belowTheFold.map((slot) => slot.block).filter((block) => !waitsForVisitor(block)))) {
      loading.push(runtime.blocks[block].preload());
      await nextTask();
    }
    await Promise.allSettled(loading);
  })();
  // A visitor about to follow a link in the site (a finger or the pointer down on it, the keyboard's
  // focus on it): the code of the page the browser will resolve itself is asked for then, a tap's
  // length before the navigation asks for it (docs/performance.md: the first navigation).
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin || link.pathname === window.location.pathname) return;
    document.removeEventListener("pointerdown", onIntent, true);
    document.removeEventListener("focusin", onIntent, true);
    loadNavigationCode().catch(() => undefined);
  };
  document.addEventListener("pointerdown", onIntent, { capture: true, passive: true });
  document.addEventListener("focusin", onIntent, true);
  let rootDone: () => void = () => undefined;
  const rootCommitted = new Promise<void>((resolve) => (rootDone = resolve));
  runtime.shellHydrated = settled(rootCommitted.then(() => turns.hydrated(shellIslands)));
  void runtime.shellHydrated.then(() => {
    performance.mark(SHELL_HYDRATED_MARK);
    // Once that code is there too, the page answers; the sections below the fold hydrate as they come near.
    void afterShell.then(() => setTimeout(markAppReady, 0));
  });
  // The root's own commit (src/app/App.tsx): what is outside the islands.
  runtime.onShellHydrated = rootDone;
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page (the page is already visible and its links work meanwhile).
  startTransition(() => {
    hydrateRoot(rootElement, app, {
      onRecoverableError(error, info) {
        // React wraps what a section threw while hydrating (it then renders that section anew): its cause is what to fix.
        const cause = error instanceof Error && error.cause !== undefined ? error.cause : undefined;
        console.error("hydration:", error, ...(cause === undefined ? [] : ["caused by:", cause]), info.componentStack);
      },
    });
  });
}

function renderInBrowser(target: HTMLElement) {
  // The static head in index.html serves crawlers and link previews of the plain build; once the
  // app runs, React renders each page's own title, description and canonical link instead.
  for (const element of document.head.querySelectorAll("[data-static-head]")) element.remove();
  target.replaceChildren();
  createRoot(target).render(app);
}

// Making the router (its history, route matching, restoring scroll positions) is a task of its own too.
await nextTask();
const leaf = router.state.matches.at(-1)?.route.id;
const firstPage: unknown = leaf === undefined ? undefined : router.state.loaderData[leaf];
if (hydration && isPageData(firstPage)) await hydrate(firstPage);
else renderInBrowser(rootElement);
