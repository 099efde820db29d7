/**
 * Whether the visitor still has to make a cookie choice: the first-visit banner asks while
 * `asking` is true. Null until the app has read it as it starts (./ConsentBanner.tsx): until then
 * the page shows what src/boot.ts read before the first paint (./consentCookie.ts). The consent
 * manager itself loads only when the visitor answers or opens the settings (./loadConsent.ts).
 */
import { create } from "zustand";

export const useConsentChoice = create<{ asking: boolean | null }>(() => ({ asking: null }));
