/**
 * Everything that sends a visitor to the contact page (SPEC 2.7): the floating shortcut and
 * any element with the contact wrapper class. Before going, the contact form's mode is
 * stored: the presentation-services form for routes marked `presentationService` in
 * registry/routes.json, the standard one from anywhere else.
 */
import { useEffect } from "react";
import { matchPath, useLocation, useNavigate } from "react-router-dom";
import { routeTable } from "../runtime/registry.ts";
import { storedKeys, writeStored } from "../ui/storedValues.ts";

export const CONTACT_PATH = "/contact-us";
/** Content and blocks mark "talk to us" areas with this class; a click anywhere in one goes to the contact page. */
export const CONTACT_WRAPPER_CLASS = "contact-wrapper";

const presentationRoutes = routeTable.routes.filter((route) => route.presentationService === true);

export function isPresentationServicePath(pathname: string): boolean {
  return presentationRoutes.some((route) => matchPath({ path: route.path, caseSensitive: false, end: true }, pathname) !== null);
}

/** One listener for the whole document, so contact wrappers in any block or content HTML work without code of their own. */
export function useContactWrapperLinks(): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const wrapper = event.target instanceof Element ? event.target.closest(`.${CONTACT_WRAPPER_CLASS}`) : null;
      if (!wrapper || event.button !== 0) return;
      writeStored(storedKeys.presentationService, String(isPresentationServicePath(pathname)));
      // A modified click on a link opens the contact page in a new tab or window, as the visitor asked.
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      void navigate(CONTACT_PATH);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate, pathname]);
}
