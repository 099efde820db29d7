/**
 * Captcha verification of the fixture service. Without a secret (local and test runs) only
 * the local test captcha's token passes; with RECAPTCHA_SECRET set, tokens are checked with
 * Google's siteverify endpoint.
 */
import { localCaptchaToken } from "../forms/captcha/localToken.ts";

/** The one token of the local test captcha (src/forms/captcha), accepted while no secret is set. */
export const localTestToken = localCaptchaToken;

export type CaptchaVerifier = (token: string) => Promise<boolean>;

export function captchaVerifier(secret: string | undefined, fetchImpl: typeof fetch = fetch): CaptchaVerifier {
  if (!secret) return (token) => Promise.resolve(token === localTestToken);
  return async (token) => {
    try {
      const response = await fetchImpl("https://www.google.com/recaptcha/api/siteverify", {
        method: "POST",
        body: new URLSearchParams({ secret, response: token }),
      });
      const result = (await response.json()) as { success?: unknown };
      return result.success === true;
    } catch {
      return false;
    }
  };
}
