/**
 * `npm run serve` in production mode refuses the local test captcha, whose one fixed token
 * anybody can send: a real reCAPTCHA site key and secret are required, unless the operator
 * says the deployment is a test (ALLOW_TEST_CAPTCHA=1).
 */
export function productionConfigProblem(env: NodeJS.ProcessEnv): string | null {
  if (env.NODE_ENV !== "production" || env.ALLOW_TEST_CAPTCHA === "1") return null;
  const missing = ["VITE_RECAPTCHA_SITE_KEY", "RECAPTCHA_SECRET"].filter((name) => !env[name]?.trim());
  if (missing.length === 0) return null;
  return (
    `Refusing to start: NODE_ENV=production but ${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} not set, ` +
    "so the local test captcha (a fixed token anybody can send) would guard the lead forms. " +
    "Set both (and build with VITE_RECAPTCHA_SITE_KEY), or set ALLOW_TEST_CAPTCHA=1 if this is a test deployment."
  );
}
