/**
 * Everything that sends a visitor to the contact page (SPEC 2.7): the floating shortcut, any
 * element with the contact wrapper class, and the site's links to it. Before going, the
 * contact form's mode is stored: the presentation-services form for routes marked `presentationService` in
 * registry/routes.json, the standard one from anywhere else.
 */
import { useEffect } from "react";
import { useMatches, useNavigate } from "react-router-dom";
import { pathTo } from "../content/paths.ts";
import { presentationQuery } from "../forms/contactMode.ts";
import type { RouteHandle } from "../runtime/routeTable.ts";
import { storedKeys, writeStored } from "../ui/storedValues.ts";
import { comparablePath } from "../ui/url.ts";

export const CONTACT_PATH = pathTo("contact");
/** Content and blocks mark "talk to us" areas with this class; a click anywhere in one goes to the contact page. */
export const CONTACT_WRAPPER_CLASS = "contact-wrapper";

/** Whether a route is marked `presentationService` in registry/routes.json. */
export function isPresentationRoute(handle: RouteHandle | undefined): boolean {
  return handle?.kind === "page" && "presentationService" in handle.route && handle.route.presentationService === true;
}

/** Whether the route on screen is a presentation-services one (the router's match; every route's handle is a RouteHandle). */
function useOnPresentationRoute(): boolean {
  return isPresentationRoute(useMatches().at(-1)?.handle as RouteHandle | undefined);
}

/**
 * The contact page's address from a page: from a presentation-services route
 * it carries the mode (`?from=presentation-services`), so the contact page renders in
 * presentation mode on the server, before and without the code (issue 20).
 */
function contactAddress(presentation: boolean): string {
  return presentation ? `${CONTACT_PATH}${presentationQuery}` : CONTACT_PATH;
}

/** The contact page's address from the page on screen (see contactAddress). */
export function useContactAddress(): string {
  return contactAddress(useOnPresentationRoute());
}

/** True for a link of this site to the contact page (a header or footer "Contact Us", for example). */
function isContactLink(element: Element | null): boolean {
  return element instanceof HTMLAnchorElement && element.origin === window.location.origin && comparablePath(element.pathname) === comparablePath(CONTACT_PATH);
}

/**
 * One listener for the whole document, so contact wrappers in any block or content HTML work
 * without code of their own. Every way to the contact page stores the form mode first, so the
 * contact form never reads a value left from an earlier visit.
 */
export function useContactWrapperLinks(): void {
  const navigate = useNavigate();
  const presentation = useOnPresentationRoute();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!(event.target instanceof Element) || event.button !== 0) return;
      const wrapper = event.target.closest(`.${CONTACT_WRAPPER_CLASS}`);
      if (!wrapper && !isContactLink(event.target.closest("a[href]"))) return;
      writeStored(storedKeys.presentationService, String(presentation));
      // Links navigate by themselves; a modified click opens a new tab or window, as the visitor asked.
      if (!wrapper || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      void navigate(contactAddress(presentation));
    };
    // Capture: before any router link inside a wrapper acts, and while `presentation` still describes the page being left.
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, [navigate, presentation]);
}
