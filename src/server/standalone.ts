/**
 * `npm run serve` (and `npm start`): the production server on the built dist/, reading pages
 * from CONTENT_API_BASE. PORT (default 4173) and HOST (default 127.0.0.1) choose where it
 * listens; SITE_URL is the public origin. With CONTENT_API_BASE empty (CONTENT-API 7), the
 * fixture content service (fixture-service/) is loaded into this process and handed to the site
 * server as its content service: this entry is the one place that wires the stand-in in, and
 * a deployment with CONTENT_API_BASE never loads it.
 */
// First: React's production build, chosen before any import loads React.
import "./productionEnv.ts";
import { productionConfigProblem } from "./productionChecks.ts";
import { startSiteServer } from "./siteServer.ts";

const problem = productionConfigProblem(process.env);
if (problem) {
  console.error(problem);
  process.exit(1);
}

try {
  const contentService = (process.env.CONTENT_API_BASE ?? "") === "" ? (await import("../../fixture-service/fromEnv.ts")).fixtureContentService(process.env) : undefined;
  const site = await startSiteServer({ port: Number(process.env.PORT ?? 4173), host: process.env.HOST ?? "127.0.0.1", distDir: process.env.DIST_DIR ?? "dist", ...(contentService ? { contentService } : {}) });
  console.log(`Corvane site running at ${site.url}/`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => void site.close().then(() => process.exit(0)));
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
