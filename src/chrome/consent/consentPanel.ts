/**
 * Whether the cookie consent banner or its preferences panel is on screen.
 *
 * This is the hook for motion (SPEC 4 "Consent panel buttons"): smooth scrolling must pause
 * while `open` is true and resume when it turns false, e.g.
 *
 *   useConsentPanel.subscribe(({ open }) => (open ? lenis.stop() : lenis.start()));
 *
 * The consent manager (./manager.ts) is its only writer.
 */
import { create } from "zustand";

export const useConsentPanel = create<{ open: boolean }>(() => ({ open: false }));
