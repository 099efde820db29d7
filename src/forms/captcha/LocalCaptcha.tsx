import { useId, useImperativeHandle, useRef } from "react";
import { localCaptchaToken } from "./localToken.ts";
import type { CaptchaProps } from "./types.ts";

/**
 * The captcha of builds without a reCAPTCHA site key (CONTENT-API 7): a real checkbox
 * labelled "I'm not a robot" whose token is `local-test-token`. Its token is never spent. Ticked,
 * it posts the token as the form's `token` field (a form posted without the code).
 */
export function LocalCaptcha({ ref, error }: CaptchaProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useImperativeHandle(
    ref,
    () => ({
      getResponse: () => (input.current?.checked ? localCaptchaToken : ""),
      tokenUsed: () => undefined,
      focus: () => input.current?.focus(),
    }),
    [],
  );
  return (
    <div className="captcha captcha--local">
      <input
        ref={input}
        id={id}
        type="checkbox"
        name="token"
        value={localCaptchaToken}
        className="captcha__box"
        aria-invalid={error ? true : undefined}
        aria-describedby={error?.id}
      />
      <label htmlFor={id} className="captcha__label">
        I&apos;m not a robot
      </label>
    </div>
  );
}
