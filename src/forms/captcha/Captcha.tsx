import { lazy, Suspense } from "react";
import { config } from "../../config.ts";
import { LocalCaptcha } from "./LocalCaptcha.tsx";
import type { CaptchaProps } from "./types.ts";
import "./captcha.css";

const GoogleCaptcha = lazy(() => import("./GoogleCaptcha.tsx").then((m) => ({ default: m.GoogleCaptcha })));

/**
 * The captcha of a form: one interface, two providers, chosen by configuration
 * (VITE_RECAPTCHA_SITE_KEY): empty gives the local test captcha, a key gives Google
 * reCAPTCHA v2, whose code loads only then.
 */
export function Captcha({ siteKey = config.recaptchaSiteKey, ...props }: CaptchaProps & { siteKey?: string }) {
  if (siteKey === "") return <LocalCaptcha {...props} />;
  return (
    <Suspense fallback={<div className="captcha captcha--loading" aria-hidden="true" />}>
      <GoogleCaptcha siteKey={siteKey} {...props} />
    </Suspense>
  );
}
