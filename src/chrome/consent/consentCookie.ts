/**
 * Whether to ask the first-visit cookie question, read from the browser's cookie and storage.
 * src/boot.ts, written into every page, reads it as the page's head is parsed, so that the
 * question the server rendered shows with the first paint (`consentQuestionAttribute`); the
 * banner (./ConsentBanner.tsx) reads it again as the app starts. No React, no store: boot.ts
 * carries a copy of what it imports (src/build/bootScriptPlugin.ts).
 */
import { readStored, removeStored, storedKeys, writeStored } from "../../ui/storedValues.ts";

/** Where the consent manager keeps the visitor's choice (a first-party cookie, 182 days). */
export const consentCookieName = "cc_consent";

/** On <html> while the question shows: the banner, in every page the server renders, is hidden without it (./consent-banner.css). */
export const consentQuestionAttribute = "data-consent-question";

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
const isCrawler = (userAgent: string) => /bot|crawl|spider|slurp|teoma/i.test(userAgent);

/** The question is asked of a person with no stored choice and no answer waiting to be stored (given on an earlier page). */
export const asksConsentQuestion = (): boolean => !hasStoredChoice(document.cookie) && pendingAnswer.read() === null && !isCrawler(navigator.userAgent);
