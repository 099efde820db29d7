/**
 * The built site and the fixture content service on one origin, as a static host with an
 * index.html fallback would serve it: used by `npm start`, `npm run size` and the e2e tests.
 */
import { existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import sirv from "sirv";
import { cacheControlFor } from "./http/cachePolicy.ts";
import { hardenServer } from "./http/host.ts";
import { securityOptionsFromEnv, siteGuard } from "./http/siteGuard.ts";
import { serviceFromEnv, toMiddleware } from "./node.ts";

export interface SiteServer {
  server: Server;
  url: string;
  close: () => Promise<void>;
}

export function startSiteServer(options: { distDir?: string; port?: number; host?: string; env?: NodeJS.ProcessEnv } = {}): Promise<SiteServer> {
  const distDir = options.distDir ?? "dist";
  if (!existsSync(`${distDir}/index.html`)) throw new Error(`No build in ${distDir}/: run "npm run build" first.`);
  const env = options.env ?? process.env;
  const { service, leads } = serviceFromEnv(env);
  const guard = siteGuard(securityOptionsFromEnv(env));
  const api = toMiddleware(service);
  const site = sirv(distDir, {
    single: true,
    etag: true,
    // The .br / .gz copies the build wrote (src/server/http/precompress.ts).
    brotli: true,
    gzip: true,
    setHeaders: (res, pathname) => res.setHeader("Cache-Control", cacheControlFor(pathname)),
  });
  const server = hardenServer(createServer((req, res) => guard(req, res) && api(req, res, () => site(req, res))));
  const host = options.host ?? "127.0.0.1";
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        server,
        url: `http://${host === "127.0.0.1" ? "localhost" : host}:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
            leads.close();
          }),
      });
    });
  });
}
