import type { Ref } from "react";

/**
 * What a form needs from a captcha, whichever provider draws it. The form asks for the
 * token (SPEC 4 polls it) rather than waiting for callbacks, so an expired token simply
 * reads as "" on the next poll.
 */
export interface CaptchaHandle {
  /** The widget's response token now; "" while it is unsolved or after the token expired. */
  getResponse(): string;
  /** The token was sent to the service. A single-use token is spent, so that widget starts over. */
  tokenUsed(): void;
  /** Moves focus to the widget (it is the first invalid field after a failed submit). */
  focus(): void;
}

export interface CaptchaProps {
  ref?: Ref<CaptchaHandle> | undefined;
  /** Marks the widget invalid and points it at its error message. */
  error?: { id: string } | null | undefined;
}
