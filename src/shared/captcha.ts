/**
 * Captcha verification of the lead calls, by the site server (its lead intake) and the fixture
 * content service alike. Without a secret (local and test runs) only the local
 * test captcha's token passes; with RECAPTCHA_SECRET set, tokens are checked with Google's
 * siteverify endpoint, within a time-out (a verification that hangs must not hold the lead call,
 * and every lead call behind it, without end), and a token passes only when it was solved on
 * the site's own host (siteverify's `hostname`): a token solved on another site that shows our
 * public site key is refused.
 */
import * as z from "zod/mini";
import { localCaptchaToken } from "../forms/captcha/localToken.ts";

/** The one token of the local test captcha (src/forms/captcha), accepted while no secret is set. */
export const localTestToken = localCaptchaToken;

export type CaptchaVerifier = (token: string) => Promise<boolean>;

export const siteverifyUrl = "https://www.google.com/recaptcha/api/siteverify";

/** What siteverify answers (the fields read; others ignored). */
const SiteverifySchema = z.object({ success: z.boolean(), hostname: z.optional(z.string()) });

export interface CaptchaOptions {
  /** The site's hostname (SITE_URL's): a token solved elsewhere is refused. Unset: not checked. */
  hostname?: string | undefined;
  /** How long siteverify may take before the token counts as not verified. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function captchaVerifier(secret: string | undefined, options: CaptchaOptions = {}): CaptchaVerifier {
  if (!secret) return (token) => Promise.resolve(token === localTestToken);
  const fetchImpl = options.fetch ?? fetch;
  const hostname = options.hostname?.toLowerCase();
  return async (token) => {
    try {
      const response = await fetchImpl(siteverifyUrl, {
        method: "POST",
        body: new URLSearchParams({ secret, response: token }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
      });
      const result = SiteverifySchema.safeParse(await response.json());
      if (!result.success || !result.data.success) return false;
      return hostname === undefined || result.data.hostname?.toLowerCase() === hostname;
    } catch {
      return false;
    }
  };
}

/** The hostname a site's captcha tokens are solved on: SITE_URL's, when it is set. */
export function siteHostname(siteUrl: string | undefined): string | undefined {
  try {
    return siteUrl ? new URL(siteUrl).hostname : undefined;
  } catch {
    return undefined;
  }
}
