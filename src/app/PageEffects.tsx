/**
 * What happens around a page while it is on screen (SPEC 3, 4). The pinned background state is
 * marked at once, so the fixed band never changes behaviour under the visitor's eyes; the rest
 * (motion, the layout refresh timers, the body height, the reload on a width change) starts
 * after the first paint (./runPageEffects.ts; the motion engine's code comes then, on wide
 * screens). All of it ends with the page. And on every page change, the page is remembered as
 * the ancestor page (`useAncestorPage`, called by the route, so a page that is missing counts too).
 */
import { useEffect, useLayoutEffect, useState } from "react";
import { useLocation } from "react-router-dom";
import type { Page } from "../content/contract.ts";
import { useAfterFirstPaint } from "../runtime/Island.tsx";
import type { LayoutSettings } from "../runtime/layoutSettings.ts";
import { storedKeys, writeStored } from "../ui/storedValues.ts";
import { safeUrl } from "../ui/url.ts";
import { startPageEffects } from "./runPageEffects.ts";

/** On <html> while the page on screen has its layout's pinned background image (SPEC 4 "Page change"). */
export const pinnedBackgroundAttribute = "data-pinned-background";

export function PageEffects({ page, settings }: { page: Page; settings: LayoutSettings }) {
  const pinned = settings.pinnedBackground !== null && safeUrl(page[settings.pinnedBackground]) !== null;
  useLayoutEffect(() => {
    if (!pinned) return;
    const html = document.documentElement;
    html.setAttribute(pinnedBackgroundAttribute, "");
    return () => html.removeAttribute(pinnedBackgroundAttribute);
  }, [pinned]);

  // "After load" is when the page showed, however long the effects' own code takes to arrive.
  const [shownAt] = useState(() => performance.now());
  const painted = useAfterFirstPaint();
  useEffect(() => {
    if (!painted) return;
    return startPageEffects({ settings, shownAt });
  }, [painted, settings, shownAt]);
  return null;
}

/**
 * SPEC 3, 4 "Page change": on every page change the address shown is stored as the ancestor
 * page, unless its route says it is not one (`"ancestor": false` in registry/routes.json: the
 * blog and case-study pages). The address includes the query, so a filtered list is kept.
 */
export function useAncestorPage(isAncestor: boolean) {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    if (isAncestor) writeStored(storedKeys.ancestorPage, `${pathname}${search}${hash}`);
  }, [isAncestor, pathname, search, hash]);
}
