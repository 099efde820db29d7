import { useImperativeHandle, useRef } from "react";
import ReCAPTCHA from "react-google-recaptcha";
import type { CaptchaProps } from "./types.ts";

/**
 * Google reCAPTCHA v2 (the checkbox), through react-google-recaptcha, which loads Google's
 * script with explicit render. Loaded only when a site key is configured.
 */
export function GoogleCaptcha({ ref, error, siteKey }: CaptchaProps & { siteKey: string }) {
  const widget = useRef<ReCAPTCHA>(null);
  const box = useRef<HTMLDivElement>(null);
  useImperativeHandle(
    ref,
    () => ({
      getResponse: () => widget.current?.getValue() ?? "",
      // Google verifies a token once: after a submission the visitor solves the widget again.
      tokenUsed: () => widget.current?.reset(),
      focus: () => box.current?.querySelector("iframe")?.focus(),
    }),
    [],
  );
  return (
    <div ref={box} className="captcha captcha--google" role="group" aria-label="Captcha" aria-describedby={error?.id}>
      <ReCAPTCHA ref={widget} sitekey={siteKey} />
    </div>
  );
}
