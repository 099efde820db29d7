/**
 * Build-time settings (CONTENT-API 7). Each has a default so a plain build works.
 * Read once here so no other module touches import.meta.env.
 */
import { isCount, numberSetting } from "./content/settings.ts";

export const config = {
  /** Empty: the site's own origin. */
  contentApiBase: (import.meta.env.VITE_CONTENT_API_BASE ?? "").replace(/\/+$/, ""),
  /** Empty: the local test captcha; set: Google reCAPTCHA v2. */
  recaptchaSiteKey: import.meta.env.VITE_RECAPTCHA_SITE_KEY ?? "",
  /** Minimum time the loading screen of a content page stays up (SPEC 9: 3000 ms). */
  loadingDelayMs: numberSetting(import.meta.env.VITE_LOADING_DELAY_MS, 3000, isCount),
  /** List page size; blogs request one more (SPEC 9). */
  listPageSize: Math.max(1, numberSetting(import.meta.env.VITE_LIST_PAGE_SIZE, 9, isCount)),
  /** How long a content request may take before the visitor is offered "Try again". */
  requestTimeoutMs: 15_000,
  /** SPEC 9: a script chunk that has not loaded after this reports a time-out. */
  chunkTimeoutMs: 120_000,
} as const;
