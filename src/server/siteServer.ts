/**
 * The built site and the fixture content service on one origin, as a static host with an
 * index.html fallback would serve it: used by `npm start`, `npm run size` and the e2e tests.
 */
import { existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import sirv from "sirv";
import { serviceFromEnv, toMiddleware } from "./node.ts";

export interface SiteServer {
  server: Server;
  url: string;
  close: () => Promise<void>;
}

export function startSiteServer(options: { distDir?: string; port?: number; host?: string; env?: NodeJS.ProcessEnv } = {}): Promise<SiteServer> {
  const distDir = options.distDir ?? "dist";
  if (!existsSync(`${distDir}/index.html`)) throw new Error(`No build in ${distDir}/: run "npm run build" first.`);
  const { service, leads } = serviceFromEnv(options.env ?? process.env);
  const api = toMiddleware(service);
  const site = sirv(distDir, {
    single: true,
    etag: true,
    setHeaders: (res, pathname) => {
      if (pathname.startsWith("/assets/")) res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    },
  });
  const server = createServer((req, res) => api(req, res, () => site(req, res)));
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
