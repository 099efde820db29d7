/**
 * What stops a start with a one-line message instead of a server that runs misconfigured
 * (docs/operations.md#settings):
 * - `productionConfigProblem`: in production (`NODE_ENV=production`, the default of `npm run
 *   serve`), the embedded fixture service without ALLOW_FIXTURE_CONTENT=1 (an install that lost
 *   its CONTENT_API_BASE would otherwise serve an empty site and say it is ready), and the local
 *   test captcha, whose one fixed token anybody can send, without ALLOW_TEST_CAPTCHA=1;
 * - `secretProblems`, on every start: a shared secret shorter than 32 characters, which could be
 *   guessed. The one rule for every secret setting; `secretValues` (src/content/settings.ts)
 *   reads one (a setting may hold several, comma-separated, while one is rotated).
 */
import { secretValues } from "../content/settings.ts";

/** The settings that are shared secrets. */
export const secretSettings = ["METRICS_TOKEN", "REVALIDATE_SECRET", "PREVIEW_SECRET"] as const;
export type SecretSetting = (typeof secretSettings)[number];

/** The shortest secret a start accepts: 32 characters (`openssl rand -hex 32` makes 64). */
export const minimumSecretLength = 32;

/** Each secret setting whose value (or one of whose values) is too short, as one line each. */
export function secretProblems(env: NodeJS.ProcessEnv): string[] {
  return secretSettings.flatMap((name) => {
    const values = secretValues(env[name]);
    return values.flatMap((value, index) => {
      if (value.length >= minimumSecretLength) return [];
      const which = values.length > 1 ? `its value ${index + 1} of ${values.length}` : "it";
      return [`Refusing to start: ${name} is set but ${which} is ${value.length} characters long; a secret needs at least ${minimumSecretLength} (make one with: openssl rand -hex 32).`];
    });
  });
}

/** The first reason a production start must not go on, or null. */
export function productionConfigProblem(env: NodeJS.ProcessEnv): string | null {
  if (env.NODE_ENV !== "production") return null;
  if ((env.CONTENT_API_BASE ?? "").trim() === "" && env.ALLOW_FIXTURE_CONTENT !== "1") {
    return (
      "Refusing to start: NODE_ENV=production but CONTENT_API_BASE is not set, so the site would serve the embedded fixture content. " +
      "Set CONTENT_API_BASE to the content service, or set ALLOW_FIXTURE_CONTENT=1 to serve the fixtures on purpose (npm start does)."
    );
  }
  if (env.ALLOW_TEST_CAPTCHA === "1") return null;
  const missing = ["VITE_RECAPTCHA_SITE_KEY", "RECAPTCHA_SECRET"].filter((name) => !env[name]?.trim());
  if (missing.length === 0) return null;
  return (
    `Refusing to start: NODE_ENV=production but ${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} not set, ` +
    "so the local test captcha (a fixed token anybody can send) would guard the lead forms. " +
    "Set both (and build with VITE_RECAPTCHA_SITE_KEY), or set ALLOW_TEST_CAPTCHA=1 if this is a test deployment."
  );
}
