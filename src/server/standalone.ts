/**
 * The production server: `node dist/server/standalone.js` (built from this file by `npm run
 * build`; `npm run serve` and `npm start` run it). It serves the built dist/, reading pages from
 * CONTENT_API_BASE. PORT (default 4173) and HOST (default 127.0.0.1) choose where it listens;
 * SITE_URL is the public origin. With CONTENT_API_BASE empty (CONTENT-API 7; in production only
 * with ALLOW_FIXTURE_CONTENT=1, ./productionChecks.ts), the fixture content service
 * (fixture-service/, its own chunk of the build) is loaded into this process and handed to the
 * site server as its content service (`embeddedContentService`, the one seam between the two
 * programs), and a deployment with CONTENT_API_BASE never loads it.
 *
 * SIGTERM or SIGINT stops it without losing a lead (docs/operations.md#stop): no new connections,
 * requests in flight finished (at most SHUTDOWN_GRACE_SECONDS, default 8), the lead outbox's
 * attempts in flight finished, Redis and SQLite closed, exit 0.
 */
// First: React's production build, chosen before any import loads React. The rest is imported
// dynamically below: in the built file, static imports of packages would run before this line.
import "./productionEnv.ts";
import closeWithGrace from "close-with-grace";
import { createSyncFn } from "synckit";
import type { ReadContentHtml } from "../ssr/site.ts";
import { throughWorker } from "./contentHtmlWorker.ts";
import { productionConfigProblem, secretProblems } from "./productionChecks.ts";

// Before anything is loaded: a misconfigured start says why in one line and exits 1.
const problem = productionConfigProblem(process.env) ?? secretProblems(process.env)[0];
if (problem) {
  console.error(problem);
  process.exit(1);
}

/**
 * The one seam between the site server and the fixture content service, owned by this start
 * command: with CONTENT_API_BASE empty, the fixture service is loaded and handed to the site server
 * as its in-process content service. Nothing else in src/server/ imports fixture-service/, and
 * nothing there imports src/server/ (lint: eslint.config.js, .dependency-cruiser.cjs).
 */
async function embeddedContentService(env: NodeJS.ProcessEnv) {
  if ((env.CONTENT_API_BASE ?? "") !== "") return undefined;
  const { fixtureContentService } = await import("../../fixture-service/fromEnv.ts");
  return fixtureContentService(env);
}

// The content HTML worker (../ssr/htmlWorker.ts), started before the server loads: its thread
// loads jsdom on another core meanwhile (../ssr/routedPage.tsx). A call (the first waits for jsdom)
// throws after 30 s: its block shows as failed, the page is served. A worker gone stops the server
// (./contentHtmlWorker.ts), which exits 1 for its supervisor to start it again.
let stopReason: string | undefined;
let stopServer: (() => void) | undefined;
const askWorker = createSyncFn<ReadContentHtml>(new URL("./html-worker.js", import.meta.url), { timeout: 30_000 });
const contentHtml = throughWorker(askWorker, (error) => {
  stopReason = `the content HTML worker is gone (${error instanceof Error ? error.message : String(error)}): stopping, for the supervisor to start the server again`;
  stopServer?.();
});
const { shutdownGraceMs, startSiteServer } = await import("./siteServer.ts");
const graceMs = shutdownGraceMs(process.env);
try {
  const contentService = await embeddedContentService(process.env);
  const site = await startSiteServer({ port: Number(process.env.PORT ?? 4173), host: process.env.HOST ?? "127.0.0.1", distDir: process.env.DIST_DIR ?? "dist", contentHtml, ...(contentService ? { contentService } : {}) });
  console.log(`Corvane site running at ${site.url}/`);
  // A second signal, or a close that overruns the grace by 2 s, ends the process at once (exit 1).
  const grace = closeWithGrace({ delay: graceMs + 2_000, logger: { error: (message: string) => console.error(message) } }, async ({ signal, err }) => {
    if (err) console.error("stopping after an unexpected error:", err);
    else if (stopReason) console.error(stopReason);
    else console.log(`${signal ?? "stop"}: finishing requests in flight, then stopping`);
    await site.close();
    console.log("stopped");
    if (stopReason) process.exit(1);
  });
  stopServer = () => {
    grace.close();
  };
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
