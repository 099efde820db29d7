/**
 * `npm run serve` (and `npm start`): the production server on the built dist/, reading pages
 * from CONTENT_API_BASE (empty: the embedded fixture service). PORT (default 4173) and HOST
 * (default 127.0.0.1) choose where it listens; SITE_URL is the public origin.
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
  const site = await startSiteServer({ port: Number(process.env.PORT ?? 4173), host: process.env.HOST ?? "127.0.0.1", distDir: process.env.DIST_DIR ?? "dist" });
  console.log(`Corvane site running at ${site.url}/`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => void site.close().then(() => process.exit(0)));
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
