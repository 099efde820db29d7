import { useEffect } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { LoadErrorScreen, LoadingScreen, NotFound } from "../chrome/screens.tsx";
import { setCurrentPage } from "../runtime/currentPage.ts";
import { PageRenderer } from "../runtime/PageRenderer.tsx";
import type { RouteEntry, RoutesFile } from "../runtime/schemas.ts";
import { usePageLoad } from "../runtime/usePageLoad.ts";
import { PageEffects } from "./PageEffects.tsx";
import { PageHead } from "./PageHead.tsx";
import { useAncestorPage } from "./useAncestorPage.ts";
import { DevLayoutInspector } from "./DevLayoutInspector.tsx";

type RouteConfig = Pick<RouteEntry, "page" | "layout" | "hero" | "missing" | "ancestor"> | RoutesFile["fallback"];

function PageView({ route, path }: { route: RouteConfig; path: string }) {
  const page = "page" in route ? route.page : undefined;
  const layout = ("layout" in route ? route.layout : undefined) ?? page;
  // Fixed routes ask for their page name; detail pages and the catch-all for the path as visited.
  const load = usePageLoad(page ?? path, layout);
  // The chrome around the page (contact shortcut, footer, consent) follows what is on screen.
  const { status } = load;
  const shown = load.status === "ready" ? load.page : null;
  useEffect(() => {
    setCurrentPage(shown ? { status: "ready", page: shown } : { status: status === "loading" ? "loading" : "none", page: null });
  }, [status, shown]);
  switch (load.status) {
    case "loading":
      return <LoadingScreen />;
    case "error":
      return <LoadErrorScreen onRetry={load.retry} />;
    case "missing":
      return (route.missing ?? "not-found") === "home" ? <Navigate to="/" replace /> : <NotFound />;
    case "ready":
      return (
        <>
          <PageHead page={load.page} path={path} />
          <PageRenderer page={load.page} layout={load.layout} hero={route.hero} />
          <PageEffects page={load.page} settings={load.layout.settings} />
          <DevLayoutInspector page={load.page} layout={load.layout} path={path} />
        </>
      );
  }
}

/** One route of the table: a fresh page view per visited path. */
export function PageRoute({ route }: { route: RouteConfig }) {
  const { pathname } = useLocation();
  useAncestorPage(("ancestor" in route ? route.ancestor : undefined) !== false);
  return <PageView key={pathname} route={route} path={pathname} />;
}
