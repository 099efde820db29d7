// @vitest-environment node
import { describe, expect, it } from "vitest";
import { secretValues } from "../content/settings.ts";
import { minimumSecretLength, productionConfigProblem, secretProblems } from "./productionChecks.ts";

const fixturesAllowed = { ALLOW_FIXTURE_CONTENT: "1" };

describe("a production start refuses the embedded fixture content unless asked for", () => {
  it("refuses production without CONTENT_API_BASE, naming both ways out", () => {
    const problem = productionConfigProblem({ NODE_ENV: "production", ALLOW_TEST_CAPTCHA: "1" });
    expect(problem).toMatch(/^Refusing to start: NODE_ENV=production but CONTENT_API_BASE is not set/);
    expect(problem).toContain("ALLOW_FIXTURE_CONTENT=1");
    expect(problem).not.toContain("\n");
    expect(productionConfigProblem({ NODE_ENV: "production", ALLOW_TEST_CAPTCHA: "1", CONTENT_API_BASE: "  " })).toMatch(/CONTENT_API_BASE is not set/);
  });

  it("starts with a content service, with ALLOW_FIXTURE_CONTENT=1, and outside production", () => {
    expect(productionConfigProblem({ NODE_ENV: "production", ALLOW_TEST_CAPTCHA: "1", CONTENT_API_BASE: "https://content.example" })).toBeNull();
    expect(productionConfigProblem({ NODE_ENV: "production", ALLOW_TEST_CAPTCHA: "1", ...fixturesAllowed })).toBeNull();
    expect(productionConfigProblem({ NODE_ENV: "development" })).toBeNull();
  });
});

describe("production refuses the test captcha", () => {
  it("refuses production without a site key and secret, naming what is missing", () => {
    expect(productionConfigProblem({ NODE_ENV: "production", ...fixturesAllowed })).toMatch(/VITE_RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET/);
    expect(productionConfigProblem({ NODE_ENV: "production", ...fixturesAllowed, VITE_RECAPTCHA_SITE_KEY: "key" })).toMatch(/RECAPTCHA_SECRET is not set/);
  });

  it("starts with both set, when told it is a test, and outside production", () => {
    expect(productionConfigProblem({ NODE_ENV: "production", ...fixturesAllowed, VITE_RECAPTCHA_SITE_KEY: "key", RECAPTCHA_SECRET: "secret" })).toBeNull();
    expect(productionConfigProblem({ NODE_ENV: "production", ...fixturesAllowed, ALLOW_TEST_CAPTCHA: "1" })).toBeNull();
    expect(productionConfigProblem({})).toBeNull();
  });
});

describe("secrets shorter than 32 characters stop the start", () => {
  const long = "x".repeat(minimumSecretLength);

  it("refuses a short METRICS_TOKEN, REVALIDATE_SECRET or PREVIEW_SECRET, one line each, naming the setting and the length", () => {
    expect(secretProblems({ METRICS_TOKEN: "abc" })).toEqual([
      "Refusing to start: METRICS_TOKEN is set but it is 3 characters long; a secret needs at least 32 (make one with: openssl rand -hex 32).",
    ]);
    expect(secretProblems({ REVALIDATE_SECRET: "x".repeat(31), PREVIEW_SECRET: "hook" }).map((line) => line.split(" ")[3])).toEqual(["REVALIDATE_SECRET", "PREVIEW_SECRET"]);
  });

  it("checks each of a comma-separated PREVIEW_SECRET (two while one is rotated)", () => {
    expect(secretProblems({ PREVIEW_SECRET: `${long},short` })).toEqual([expect.stringContaining("PREVIEW_SECRET is set but its value 2 of 2 is 5 characters long") as unknown]);
    expect(secretProblems({ PREVIEW_SECRET: `${long},` })).toEqual([expect.stringContaining("its value 2 of 2 is 0 characters long") as unknown]);
    expect(secretProblems({ PREVIEW_SECRET: `${long}, ${long}` })).toEqual([]);
    expect(secretValues(` ${long} ,${long}`)).toEqual([long, long]);
  });

  it("accepts 32 characters or more, and a secret left unset or empty (its feature off)", () => {
    expect(secretProblems({ METRICS_TOKEN: long, REVALIDATE_SECRET: `${long}more`, PREVIEW_SECRET: "" })).toEqual([]);
    expect(secretProblems({})).toEqual([]);
  });
});
