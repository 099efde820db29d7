import { useImperativeHandle, useRef } from "react";
import ReCAPTCHA from "react-google-recaptcha";
import { useMediaQuery } from "../../ui/useMediaQuery.ts";
import type { CaptchaProps } from "./types.ts";

/** Below this width the normal widget (304 px) does not fit a form on a phone: its compact size (164 px) does. */
export const compactCaptchaQuery = "(max-width: 379px)";

/**
 * Google reCAPTCHA v2 (the checkbox), through react-google-recaptcha, which loads Google's
 * script with explicit render. Loaded only when a site key is configured.
 */
export function GoogleCaptcha({ ref, error, siteKey }: CaptchaProps & { siteKey: string }) {
  const widget = useRef<ReCAPTCHA>(null);
  const box = useRef<HTMLDivElement>(null);
  const compact = useMediaQuery(compactCaptchaQuery);
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
      {/* The widget draws once: its size is chosen as it mounts (the key draws it again if the width crosses the line). */}
      <ReCAPTCHA key={compact ? "compact" : "normal"} ref={widget} sitekey={siteKey} size={compact ? "compact" : "normal"} />
    </div>
  );
}
