// @vitest-environment node
import { describe, expect, it } from "vitest";
import { productionConfigProblem } from "./productionChecks.ts";

describe("production refuses the test captcha", () => {
  it("refuses production without a site key and secret, naming what is missing", () => {
    expect(productionConfigProblem({ NODE_ENV: "production" })).toMatch(/VITE_RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET/);
    expect(productionConfigProblem({ NODE_ENV: "production", VITE_RECAPTCHA_SITE_KEY: "key" })).toMatch(/RECAPTCHA_SECRET is not set/);
  });

  it("starts with both set, when told it is a test, and outside production", () => {
    expect(productionConfigProblem({ NODE_ENV: "production", VITE_RECAPTCHA_SITE_KEY: "key", RECAPTCHA_SECRET: "secret" })).toBeNull();
    expect(productionConfigProblem({ NODE_ENV: "production", ALLOW_TEST_CAPTCHA: "1" })).toBeNull();
    expect(productionConfigProblem({})).toBeNull();
  });
});
