import { useEffect, useRef, type ReactNode } from "react";
import { BrowserRouter, Navigate, Route, Routes, useLocation } from "react-router-dom";
import { routeTable } from "../runtime/registry.ts";
import { RuntimeProvider, type Runtime } from "../runtime/context.tsx";
import { PageRoute } from "./PageRoute.tsx";

/** On a client-side page change: back to the top, and focus to the new page's main content for screen readers. */
function useNewPageFocus() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
    document.getElementById("main-content")?.focus({ preventScroll: true });
  }, [pathname]);
}

/** The route table of registry/routes.json, as routes. No page has a component of its own. */
export function SiteRoutes() {
  useNewPageFocus();
  return (
    <Routes>
      {routeTable.redirects.map((redirect) => (
        <Route key={redirect.from} path={redirect.from} element={<Navigate to={redirect.to} replace />} />
      ))}
      {routeTable.routes.map((route) => (
        <Route key={route.path} path={route.path} element={<PageRoute route={route} />} />
      ))}
      <Route path="*" element={<PageRoute route={routeTable.fallback} />} />
    </Routes>
  );
}

export function SiteShell({ children }: { children: ReactNode }) {
  return (
    <main id="main-content" tabIndex={-1}>
      {children}
    </main>
  );
}

export function App({ runtime }: { runtime: Runtime }) {
  return (
    <RuntimeProvider runtime={runtime}>
      <BrowserRouter>
        <SiteShell>
          <SiteRoutes />
        </SiteShell>
      </BrowserRouter>
    </RuntimeProvider>
  );
}
