import { consentCookieName } from "../../src/chrome/consent/consentCookie.ts";

/** The fixture service's settings for end-to-end runs: its own port, its own leads database, a fixed clock. */
export const e2ePort = Number(process.env.E2E_PORT ?? 4317);
export const e2eLeadsDb = process.env.E2E_LEADS_DB ?? "data/e2e-leads.sqlite";
export const e2eNow = "2026-11-21T12:00:00Z";

export const e2eEnv: Record<string, string> = {
  PORT: String(e2ePort),
  LEADS_DB: e2eLeadsDb,
  CONTENT_SERVICE_NOW: e2eNow,
  // The e2e site is a test deployment: the fixture content and the local test captcha are expected.
  ALLOW_FIXTURE_CONTENT: "1",
  ALLOW_TEST_CAPTCHA: "1",
  // Every test posts its leads from the same address, two workers at once: at the production
  // limit (10 a minute) a fast run had its 11th lead refused with 429, and a test that expected
  // the thank-you page saw the form kept instead. The limit itself is tested in src/server.
  LEADS_PER_MINUTE: "1000",
  // The home animation's still is drawn on the first request (src/server/media/animationStills.ts):
  // on a loaded CI machine, with Chromium and two test workers beside it, one took past the
  // production 5 s. The limit is tested in animationStills.test.ts; here the still must be drawn.
  MEDIA_STILL_TIMEOUT_SECONDS: "30",
  // Warnings and errors only: the request log's line per request is tested in src/server/observability.test.ts.
  LOG_LEVEL: "warn",
};

/**
 * Browser state of a returning visitor who has made a cookie choice (necessary only). Every
 * test starts from it, so the first-visit consent banner (first in tab order, floating over
 * the bottom of the page, and pausing smooth scrolling while it shows) does not change what
 * a test checks. Tests of the banner itself start from an empty state
 * (`test.use({ storageState: firstVisit })`).
 */
const decidedAt = "2026-11-01T12:00:00.000Z";
export const consentGiven = {
  cookies: [
    {
      name: consentCookieName,
      value: encodeURIComponent(
        JSON.stringify({
          categories: ["necessary"],
          revision: 0,
          data: null,
          consentTimestamp: decidedAt,
          lastConsentTimestamp: decidedAt,
          consentId: "00000000-0000-4000-8000-00000000e2e0",
          services: { necessary: [], analytics: [], marketing: [] },
          languageCode: "en",
        }),
      ),
      domain: "localhost",
      path: "/",
      expires: Math.floor(Date.parse("2030-01-01T00:00:00Z") / 1000),
      httpOnly: false,
      secure: false,
      sameSite: "Lax" as const,
    },
  ],
  origins: [],
};

export const firstVisit = { cookies: [], origins: [] };
