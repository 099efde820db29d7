import { useEffect, useRef, type ReactNode } from "react";
import { BrowserRouter, Navigate, Route, Routes, StaticRouter, useLocation } from "react-router-dom";
import { useContactWrapperLinks } from "../chrome/contactLinks.ts";
import { ConsentBanner } from "../chrome/consent/ConsentBanner.tsx";
import { DeferredChrome } from "../chrome/DeferredChrome.tsx";
import { Header } from "../chrome/Header.tsx";
import { MAIN_CONTENT_ID, SkipLink } from "../chrome/SkipLink.tsx";
import { routeTable } from "../runtime/registry.ts";
import { RuntimeProvider, useRuntime, type Runtime } from "../runtime/context.tsx";
import { loadMenus } from "../runtime/siteData.ts";
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
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
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

/** On <html> once the app runs: rendered in the browser, or the server's page hydrated. */
export const APP_READY_ATTRIBUTE = "data-app-ready";

/** The page and the chrome around it: skip link first, header, the page, then (once it shows) contact shortcut, footer and consent. */
export function SiteShell({ children }: { children: ReactNode }) {
  const { client, stores, onShellHydrated } = useRuntime();
  useEffect(() => {
    void loadMenus(stores, client);
  }, [stores, client]);
  useEffect(() => {
    // The page answers to the visitor from here on (tests wait for it; so can monitoring).
    // A hydrating page is ready once its sections below the fold have hydrated too (main.tsx).
    if (onShellHydrated) onShellHydrated();
    else document.documentElement.setAttribute(APP_READY_ATTRIBUTE, "");
  }, [onShellHydrated]);
  useContactWrapperLinks();
  return (
    <>
      <ConsentBanner />
      <SkipLink />
      <Header />
      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        {children}
      </main>
      <DeferredChrome />
    </>
  );
}

/** The site for one visitor: the browser's router, or on the server the one address asked for. */
export function App({ runtime, location }: { runtime: Runtime; location?: string }) {
  const site = (
    <SiteShell>
      <SiteRoutes />
    </SiteShell>
  );
  return (
    <RuntimeProvider runtime={runtime}>
      {location === undefined ? <BrowserRouter>{site}</BrowserRouter> : <StaticRouter location={location}>{site}</StaticRouter>}
    </RuntimeProvider>
  );
}
