/**
 * What happens around a page while it is on screen (SPEC 3, 4). The pinned background state is
 * marked at once, so the fixed band never changes behaviour under the visitor's eyes; the rest
 * (motion, the layout refresh timers, the body height, the reload on a width change) starts
 * after the first paint from a chunk of its own (./runPageEffects.ts), so none of it weighs on the
 * page's initial script. All of it ends with the page.
 */
import { useEffect, useLayoutEffect, useState } from "react";
import type { Page } from "../content/contract.ts";
import type { LayoutSettings } from "../runtime/layoutSettings.ts";
import { useAfterFirstPaint } from "../runtime/useAfterFirstPaint.ts";
import { safeUrl } from "../ui/url.ts";

/** On <html> while the page on screen has its layout's pinned background image (SPEC 4 "Page change"). */
export const pinnedBackgroundAttribute = "data-pinned-background";

/** The effects' code (a chunk of its own); src/app/start.tsx asks for it early on a served page. */
export const loadPageEffects = () => import("./runPageEffects.ts");

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
    let left = false;
    let stop: (() => void) | undefined;
    loadPageEffects().then(
      (effects) => {
        if (!left) stop = effects.startPageEffects({ settings, shownAt });
      },
      (error: unknown) => console.error("page effects not loaded:", error),
    );
    return () => {
      left = true;
      stop?.();
    };
  }, [painted, settings, shownAt]);
  return null;
}
