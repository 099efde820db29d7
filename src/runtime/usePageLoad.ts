/**
 * Loads what a page needs before it shows: the Page, the site's text resources and menus, the layout
 * and the code of its above-the-fold blocks, and holds the loading screen for the configured
 * minimum time (SPEC 2.3 item 1, 4 "Content page").
 */
import { useCallback, useEffect, useState } from "react";
import type { Page } from "../content/contract.ts";
import { useRuntime, type Runtime } from "./context.tsx";
import type { ResolvedLayout } from "./layout.ts";
import { defaultLayoutSettings } from "./layoutSettings.ts";
import { blockRegistry } from "./registry.ts";
import { loadMenus, loadResources } from "./siteData.ts";

export type PageLoad =
  | { status: "loading" }
  | { status: "error"; error: unknown; retry: () => void }
  | { status: "missing"; page: Page }
  | { status: "ready"; page: Page; layout: ResolvedLayout };

const layoutCache = new WeakMap<Runtime["layouts"], Map<string, Promise<ResolvedLayout>>>();

/** A layout, resolved once per name, with the code of its critical blocks requested alongside. */
export function layoutFor(runtime: Runtime, name: string): Promise<ResolvedLayout> {
  let byName = layoutCache.get(runtime.layouts);
  if (!byName) {
    byName = new Map();
    layoutCache.set(runtime.layouts, byName);
  }
  let layout = byName.get(name);
  if (!layout) {
    // The page's own layout, else the default one (SPEC 2.3's common content page).
    layout = runtime.layouts(name).then(async (own) => own ?? (await runtime.layouts("default")) ?? { name: "default", slots: [], settings: defaultLayoutSettings, problems: [] });
    byName.set(name, layout);
  }
  return layout.then(async (resolved) => {
    // Failures are reported where the block mounts; here they must not block the page.
    await Promise.allSettled(
      resolved.slots.flatMap((slot) =>
        slot.kind === "block" && blockRegistry[slot.block].critical ? [runtime.blocks[slot.block].preload()] : [],
      ),
    );
    return resolved;
  });
}

/**
 * @param request the page name (fixed routes) or the visited path (detail pages, catch-all)
 * @param layoutName the layout known from the route; absent: chosen by the returned page's name
 */
export function usePageLoad(request: string, layoutName: string | undefined): PageLoad {
  const runtime = useRuntime();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PageLoad>({ status: "loading" });
  const retry = useCallback(() => {
    setState({ status: "loading" });
    setAttempt((n) => n + 1);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const minimumTime = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, runtime.loadingDelayMs);
    });
    const earlyLayout = layoutName === undefined ? undefined : layoutFor(runtime, layoutName);

    (async (): Promise<PageLoad> => {
      // Menus too: the header then appears with the content instead of pushing it down later.
      const [page] = await Promise.all([runtime.client.getPage(request, controller.signal), loadResources(runtime.client), loadMenus(runtime.client)]);
      if (page.id === 0) return { status: "missing", page };
      const layout = await (earlyLayout ?? layoutFor(runtime, page.name ?? "default"));
      await minimumTime;
      return { status: "ready", page, layout };
    })().then(
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
  }, [runtime, request, layoutName, attempt, retry]);

  return state;
}
