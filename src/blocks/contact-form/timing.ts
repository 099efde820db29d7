/** SPEC 4 and 9: the contact form's timings. */
export const contactTiming = {
  /** After the form appears, the captcha appears and the presentation flag is read. */
  captchaAfterMs: 1000,
  /** Then a wait before the captcha is first asked for its token... */
  pollAfterMs: 500,
  /** ...and then it is asked this often. */
  pollEveryMs: 500,
  /** The preload overlay fades out over this long once the service has answered. */
  overlayFadeMs: 1500,
} as const;
