/**
 * Loads what a page needs before it shows: the Page, the site's text resources and menus, the layout
 * and the code of its blocks, and holds the loading screen for the configured minimum time
 * (SPEC 2.3 item 1, 4 "Content page"). The same `loadPage` runs on the server, and in the browser
 * before it hydrates what the server sent: that first page shows at once, with no loading screen.
 */
import { useCallback, useEffect, useState } from "react";
import { useRuntime, type Runtime } from "./context.tsx";
import type { ResolvedLayout } from "./layout.ts";
import type { LoadedPage, PageLoad } from "./pageLoad.ts";
import { blockRegistry } from "./registry.ts";
import { loadMenus, loadResources } from "./siteData.ts";
import { pageSlots } from "./slots.ts";

export type { LoadedPage, PageLoad } from "./pageLoad.ts";

const layoutCache = new WeakMap<Runtime["layouts"], Map<string, Promise<ResolvedLayout>>>();

/** A layout, resolved once per name. */
export function layoutFor(runtime: Runtime, name: string): Promise<ResolvedLayout> {
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
 * The page, its layout and the code of the blocks it shows: the above-the-fold ones in the
 * browser (the rest load after the first paint), every one of them when `allBlocks` (the server,
 * and the browser before hydrating the server's HTML).
 * @param request the page name (fixed routes) or the visited path (detail pages, catch-all)
 * @param layoutName the layout known from the route; absent: chosen by the returned page's name
 */
export async function loadPage(
  runtime: Runtime,
  request: string,
  layoutName: string | undefined,
  { signal, allBlocks = false }: { signal?: AbortSignal; allBlocks?: boolean } = {},
): Promise<LoadedPage> {
  const earlyLayout = layoutName === undefined ? undefined : layoutFor(runtime, layoutName);
  // Menus too: the header then appears with the content instead of pushing it down later.
  const [page, resources] = await Promise.all([
    runtime.client.getPage(request, signal),
    loadResources(runtime.stores, runtime.client),
    loadMenus(runtime.stores, runtime.client),
  ]);
  if (page.id === 0) return { status: "missing", page };
  const layout = await (earlyLayout ?? layoutFor(runtime, page.name ?? "default"));
  const lookup = (key: string) => page.resources[key] ?? resources[key];
  const blocks = new Set(pageSlots(layout, page, lookup).slots.map((slot) => slot.block));
  // A block whose code fails is reported where it mounts; here it must not hold the page back.
  await Promise.allSettled([...blocks].filter((block) => allBlocks || blockRegistry[block].critical).map((block) => runtime.blocks[block].preload()));
  return { status: "ready", page, layout };
}

/** The server's first page, for the route that shows it; nothing for every later page. */
function prerenderedFor(runtime: Runtime, request: string): PageLoad | undefined {
  const prerendered = runtime.prerendered;
  if (!prerendered || prerendered.consumed || prerendered.request !== request) return undefined;
  const { load } = prerendered;
  switch (load.status) {
    case "ready":
      return { ...load, prerendered: true };
    case "missing":
      return load;
    case "error":
      // The server's retry screen: trying again asks the server again.
      return { ...load, retry: () => window.location.reload() };
  }
}

export function usePageLoad(request: string, layoutName: string | undefined): PageLoad {
  const runtime = useRuntime();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PageLoad>(() => prerenderedFor(runtime, request) ?? { status: "loading" });
  const retry = useCallback(() => {
    setState({ status: "loading" });
    setAttempt((n) => n + 1);
  }, []);

  useEffect(() => {
    if (state.status !== "loading") return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const minimumTime = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, runtime.loadingDelayMs);
    });
    loadPage(runtime, request, layoutName, { signal: controller.signal })
      .then(async (loaded) => {
        await minimumTime;
        return loaded;
      })
      .then(
        (next) => {
          if (!controller.signal.aborted) setState(next);
        },
        (error: unknown) => {
          if (!controller.signal.aborted) setState({ status: "error", error, retry });
        },
      );
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
    // `state` only decides whether to load; a new request or attempt starts over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [runtime, request, layoutName, attempt, retry]);

  return state;
}
