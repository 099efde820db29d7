import { useEffect } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { LoadErrorScreen, LoadingScreen, NotFound } from "../chrome/screens.tsx";
import { useRuntime } from "../runtime/context.tsx";
import { leaveFirstPage } from "../runtime/prerendered.ts";
import { PageRenderer } from "../runtime/PageRenderer.tsx";
import { useSiteStores } from "../runtime/siteData.ts";
import { usePageLoad } from "../runtime/usePageLoad.ts";
import { PageEffects } from "./PageEffects.tsx";
import { PageHead } from "./PageHead.tsx";
import { pageRequest, type RouteConfig } from "../runtime/routeRequest.ts";
import { useAncestorPage } from "./useAncestorPage.ts";
import { DevLayoutInspector } from "./DevLayoutInspector.tsx";


function PageView({ route, path }: { route: RouteConfig; path: string }) {
  // Fixed routes ask for their page name; detail pages and the catch-all for the path as visited.
  const { request, layout } = pageRequest(route, path);
  const load = usePageLoad(request, layout);
  // The chrome around the page (contact shortcut, footer, consent) follows what is on screen.
  const { status } = load;
  const shown = load.status === "ready" ? load.page : null;
  const { currentPage } = useSiteStores();
  useEffect(() => {
    currentPage.setState(shown ? { status: "ready", page: shown } : { status: status === "loading" ? "loading" : "none", page: null }, true);
  }, [currentPage, status, shown]);
  switch (load.status) {
    case "loading":
      return <LoadingScreen />;
    case "error":
      return <LoadErrorScreen error={load.error} onRetry={load.retry} />;
    case "missing":
      return (route.missing ?? "not-found") === "home" ? <Navigate to="/" replace /> : <NotFound />;
    case "ready":
      return (
        <>
          <PageHead page={load.page} layout={load.layout} path={path} />
          <PageRenderer page={load.page} layout={load.layout} prerendered={load.prerendered === true} />
          <PageEffects page={load.page} settings={load.layout.settings} />
          <DevLayoutInspector page={load.page} layout={load.layout} path={path} />
        </>
      );
  }
}

/** One route of the table: a fresh page view per visited path. */
export function PageRoute({ route }: { route: RouteConfig }) {
  const { pathname } = useLocation();
  const { prerendered } = useRuntime();
  useEffect(() => leaveFirstPage(prerendered, pathname), [prerendered, pathname]);
  useAncestorPage(("ancestor" in route ? route.ancestor : undefined) !== false);
  return <PageView key={pathname} route={route} path={pathname} />;
}
