/**
 * Whether the cookie consent banner or its preferences panel is on screen.
 *
 * This is the hook for motion (SPEC 4 "Consent panel buttons"): smooth scrolling must pause
 * while `open` is true and resume when it turns false, e.g.
 *
 *   useConsentPanel.subscribe(({ open }) => (open ? lenis.stop() : lenis.start()));
 *
 * Its writers are the banner (./ConsentBanner.tsx) and the consent manager (./manager.ts),
 * each through `consentPanelShown`.
 */
import { create } from "zustand";

export const useConsentPanel = create<{ open: boolean }>(() => ({ open: false }));

/** The banner, or one of the consent manager's panels. */
export type ConsentPanelPart = "banner" | "preferences";

const shownParts = new Set<ConsentPanelPart>();

export function consentPanelShown(part: ConsentPanelPart, shown: boolean): void {
  if (shown) shownParts.add(part);
  else shownParts.delete(part);
  const open = shownParts.size > 0;
  if (useConsentPanel.getState().open !== open) useConsentPanel.setState({ open });
}
