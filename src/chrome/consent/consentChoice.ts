/**
 * Whether the visitor still has to make a cookie choice: the first-visit banner asks while
 * `asking` is true. Read from the consent cookie as the site starts, so the banner can show
 * with the first content; the consent manager itself loads only when the visitor answers or
 * opens the settings (./loadConsent.ts).
 */
import { create } from "zustand";
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
