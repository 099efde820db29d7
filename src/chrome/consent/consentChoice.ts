/**
 * Whether the visitor still has to make a cookie choice: the first-visit banner asks while
 * `asking` is true. Read from the consent cookie as the site starts, so the banner can show
 * with the first content; the consent manager itself loads only when the visitor answers or
 * opens the settings (./loadConsent.ts).
 */
import { create } from "zustand";
import { readStored, removeStored, storedKeys, writeStored } from "../../ui/storedValues.ts";
import { consentCookieName } from "./consentCookie.ts";

export const useConsentChoice = create<{ asking: boolean }>(() => ({ asking: false }));

/** True when the cookie string holds a choice the consent manager stored (it always includes the necessary cookies). */
export function hasStoredChoice(cookies: string): boolean {
  const prefix = `${consentCookieName}=`;
  const entry = cookies.split(/;\s*/).find((cookie) => cookie.startsWith(prefix));
  if (!entry) return false;
  try {
    const value: unknown = JSON.parse(decodeURIComponent(entry.slice(prefix.length)));
    return typeof value === "object" && value !== null && "categories" in value && Array.isArray(value.categories) && value.categories.includes("necessary");
  } catch {
    return false;
  }
}

/** Crawlers get no banner (it is not content); the settings still open on request. */
export const isCrawler = (userAgent: string) => /bot|crawl|spider|slurp|teoma/i.test(userAgent);

/** A banner answer the consent manager has not stored yet. */
export type ConsentAnswer = "all" | "necessary";

/**
 * Where a banner answer waits while the consent manager loads to store it: the banner goes at once,
 * and a visitor who reloads or leaves in that moment is not asked again (the next page stores it).
 * Storage can be unavailable (a private window, a blocked site): then the answer lives for this page only.
 */
export const pendingAnswer = {
  read(): ConsentAnswer | null {
    const value = readStored(storedKeys.consentAnswer);
    return value === "all" || value === "necessary" ? value : null;
  },
  write(answer: ConsentAnswer | null): void {
    if (answer) writeStored(storedKeys.consentAnswer, answer);
    else removeStored(storedKeys.consentAnswer);
  },
};
