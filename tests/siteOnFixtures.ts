/**
 * The fixture content service in this process, as the tests and the benchmarks take it: the whole
 * site server around it (as `npm start` runs it; with CONTENT_API_BASE set, the site server alone
 * on that service), or the service alone for a test of one part of the server. The site server
 * imports nothing of the fixture service; this harness hands one to the other, as the start
 * command (src/server/standalone.ts) does.
 */
import { fixtureContentService } from "../fixture-service/fromEnv.ts";
import { loadFixtures } from "../fixture-service/fixtures.ts";
import { openLeadStore } from "../fixture-service/leadStore.ts";
import { createContentService } from "../fixture-service/service.ts";
import { captchaVerifier } from "../src/shared/captcha.ts";
import { startSiteServer, type SiteServer, type SiteServerOptions } from "../src/server/siteServer.ts";

export function startSiteOnFixtures(options: SiteServerOptions = {}): Promise<SiteServer> {
  return startSiteServer({ contentService: fixtureContentService(options.env ?? process.env), ...options });
}

/** The fixture service on fixtures/, its leads in memory (`leads` to look at, and to close), the local test captcha. */
export function fixtureServiceInMemory() {
  const fixtures = loadFixtures("fixtures");
  const leads = openLeadStore(":memory:");
  const service = createContentService({ fixtures: () => fixtures, leads, captcha: captchaVerifier(undefined) });
  return { service, leads };
}
