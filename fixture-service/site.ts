/**
 * The site server on the fixture content service in this process, as `npm start`, the tests and
 * the benchmarks run it; with CONTENT_API_BASE set, the site server alone on that service.
 */
import { startSiteServer, type SiteServer, type SiteServerOptions } from "../src/server/siteServer.ts";
import { fixtureContentService } from "./fromEnv.ts";

export function startSiteOnFixtures(options: SiteServerOptions = {}): Promise<SiteServer> {
  return startSiteServer({ contentService: fixtureContentService(options.env ?? process.env), ...options });
}
