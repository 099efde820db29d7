// @vitest-environment node
import { describe, expect, it } from "vitest";
import { securityOptionsFromEnv } from "./siteGuard.ts";

describe("security options from the environment", () => {
  it("adds reCAPTCHA with a site key, HSTS with SITE_HTTPS=1 and the content service's address", () => {
    expect(securityOptionsFromEnv({})).toEqual({ recaptcha: false, https: false, contentApiBase: undefined });
    expect(securityOptionsFromEnv({ VITE_RECAPTCHA_SITE_KEY: "  ", SITE_HTTPS: "true" })).toMatchObject({ recaptcha: false, https: false });
    expect(securityOptionsFromEnv({ VITE_RECAPTCHA_SITE_KEY: "6Lc-key", SITE_HTTPS: "1", VITE_CONTENT_API_BASE: "https://content.example.com" })).toEqual({
      recaptcha: true,
      https: true,
      contentApiBase: "https://content.example.com",
    });
  });
});
