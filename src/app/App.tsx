import { useEffect, useRef } from "react";
import { Outlet, useLocation, useNavigation } from "react-router-dom";
import { useContactWrapperLinks } from "../chrome/contactLinks.ts";
import { ConsentBanner } from "../chrome/consent/ConsentBanner.tsx";
import { DeferredChrome } from "../chrome/DeferredChrome.tsx";
import { Header } from "../chrome/Header.tsx";
import { LoadingScreen } from "../chrome/screens.tsx";
import { MAIN_CONTENT_ID, SkipLink } from "../chrome/SkipLink.tsx";
import { useRuntime } from "../runtime/context.tsx";
import { Island } from "../runtime/Island.tsx";
import { useSiteChrome } from "../runtime/siteData.ts";
import { showSectionsOneByOne } from "./showSections.ts";

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

/** The islands of the site's chrome (src/runtime/hydrationTurns.ts): each hydrates on its own. */
export const HEADER_ISLAND = "header";
export const AFTER_CONTENT_ISLAND = "after-content";

/** On <html> once the app runs: rendered in the browser, or the server's page hydrated. */
export const APP_READY_ATTRIBUTE = "data-app-ready";

/** The page answers the visitor from here on (tests wait for it; so can monitoring); its sections skipped off screen are then shown. */
export function markAppReady(): void {
  document.documentElement.setAttribute(APP_READY_ATTRIBUTE, "");
  showSectionsOneByOne();
}
/** The performance mark set when the chrome and the above-the-fold blocks have hydrated (the benchmarks read it). */
export const SHELL_HYDRATED_MARK = "site:shell-hydrated";

/**
 * The page and the chrome around it: skip link first, header, the page (the loading screen
 * while the router loads another one), then (once it shows) contact shortcut, footer and consent.
 * Also what shows while the plain single-page build loads its first page and the site's chrome:
 * the loading screen in the page's place.
 */
export function SiteShell() {
  const { onShellHydrated } = useRuntime();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  useNewPageFocus();
  useEffect(() => {
    // A hydrating page is ready once the code of its sections below the fold is there too (start.tsx); they hydrate as they come near.
    if (onShellHydrated) onShellHydrated();
    else markAppReady();
  }, [onShellHydrated]);
  useContactWrapperLinks();
  const leaving = navigation.state === "loading" && navigation.location.pathname !== pathname;
  const starting = useSiteChrome() === null;
  return (
    <>
      <ConsentBanner />
      <SkipLink />
      <Island name={HEADER_ISLAND}>
        <Header />
      </Island>
      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        {leaving || starting ? <LoadingScreen /> : <Outlet />}
      </main>
      <Island name={AFTER_CONTENT_ISLAND}>
        <DeferredChrome />
      </Island>
    </>
  );
}
