/**
 * Whether the visitor still has to make a cookie choice: the first-visit banner asks while
 * `asking` is true. Null until the app has read it as it starts (./ConsentBanner.tsx): until then
 * the page shows what src/boot.ts read before the first paint (./consentCookie.ts). The consent
 * manager itself loads only when the visitor answers or opens the settings (./loadConsent.ts).
 */
import { create } from "zustand";
import { removeStored, storedKeys, writeStored } from "../../ui/storedValues.ts";
import { readPendingAnswer, type ConsentAnswer } from "./consentCookie.ts";

export const useConsentChoice = create<{ asking: boolean | null }>(() => ({ asking: null }));

/**
 * Where a banner answer waits while the consent manager loads to store it: the banner goes at once,
 * and a visitor who reloads or leaves in that moment is not asked again (the next page stores it).
 * Storage can be unavailable (a private window, a blocked site): then the answer lives for this page only.
 */
export const pendingAnswer = {
  read: readPendingAnswer,
  write(answer: ConsentAnswer | null): void {
    if (answer) writeStored(storedKeys.consentAnswer, answer);
    else removeStored(storedKeys.consentAnswer);
  },
};
