/**
 * The site as it runs in production, on the fixture content service: the static build
 * from dist/ (unknown paths fall back to index.html) and the content API on one origin.
 * PORT (default 4173) and HOST (default 127.0.0.1) choose where it listens.
 */
import { createServer } from "node:http";
import { existsSync } from "node:fs";
import sirv from "sirv";
import { serviceFromEnv, toMiddleware } from "./node.ts";

const distDir = process.env.DIST_DIR ?? "dist";
if (!existsSync(`${distDir}/index.html`)) {
  console.error(`No build in ${distDir}/: run "npm run build" first.`);
  process.exit(1);
}

const { service, leads } = serviceFromEnv(process.env);
const api = toMiddleware(service);
const site = sirv(distDir, {
  single: true,
  etag: true,
  setHeaders: (res, pathname) => {
    if (pathname.startsWith("/assets/")) res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
  },
});

const port = Number(process.env.PORT ?? 4173);
const host = process.env.HOST ?? "127.0.0.1";
const server = createServer((req, res) => api(req, res, () => site(req, res)));
server.listen(port, host, () => {
  console.log(`Corvane site running at http://${host === "127.0.0.1" ? "localhost" : host}:${port}/`);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close();
    leads.close();
    process.exit(0);
  });
}
