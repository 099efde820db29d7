import { defineConfig, devices } from "@playwright/test";
import { fileURLToPath } from "node:url";
import { chromiumLaunchOptions } from "../../tools/chromium.ts";
import { consentGiven, e2eEnv, e2ePort } from "./env.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

/**
 * End-to-end tests in real Chromium against the production build (dist/, built by
 * `npm run build:e2e`, server included) served with the fixture content service, as `npm start` serves it.
 */
export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  outputDir: "../../test-results",
  fullyParallel: true,
  workers: 2,
  // On CI, a test that fails once is run once more and reported as flaky (the list reporter names
  // it): the wide-screen smooth-scroll test timed out once at load average 9 after passing every
  // run before; a test that fails twice still fails the run.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  globalSetup: "./global-setup.ts",
  use: {
    baseURL: `http://localhost:${e2ePort}`,
    trace: "retain-on-failure",
    storageState: consentGiven,
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions() } }],
  webServer: {
    // The production server as `npm run build:e2e` built it, run as `npm run serve` runs it.
    command: "node dist/server/standalone.js",
    cwd: root,
    env: e2eEnv,
    url: `http://localhost:${e2ePort}/`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
