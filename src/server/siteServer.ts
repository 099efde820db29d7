/**
 * The production server (`npm run serve`, `npm start`; also `npm run size` and the e2e tests):
 * every address answered with its server-rendered page (src/ssr), the built files of dist/, and
 * the content service under /api — the embedded fixture service when CONTENT_API_BASE is empty,
 * else that service, forwarded so the browser keeps calling its own origin.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import sirv from "sirv";
import { createContentCache, type ContentCache } from "./contentCache.ts";
import { forwardTo } from "./forward.ts";
import { announcesBody, bodyLimitFor, refuseBody } from "./http/bodyLimits.ts";
import { cacheControl, cacheControlFor } from "./http/cachePolicy.ts";
import { encodeForClient } from "./http/compression.ts";
import { hardenServer } from "./http/host.ts";
import { securityOptionsFromEnv, siteGuard } from "./http/siteGuard.ts";
import { serviceFromEnv, toMiddleware } from "./node.ts";
import { createPageCache } from "./pageCache.ts";
import { loadSiteBuild, type RenderedDocument } from "./renderModule.ts";
import { MEDIA_PREFIX } from "../content/mediaAddress.ts";
import { mediaHandlerFromEnv } from "./media/mediaFromEnv.ts";
import { contentUpstream } from "./upstream.ts";

export interface SiteServer {
  server: Server;
  url: string;
  cache: ContentCache;
  close: () => Promise<void>;
}

export interface SiteServerOptions {
  distDir?: string;
  port?: number;
  host?: string;
  env?: NodeJS.ProcessEnv;
}

/** Page HTML: short for a CDN, revalidated by browsers (src/server/http/cachePolicy.ts). */
export const htmlCacheControl = cacheControl.html;

const seconds = (raw: string | undefined, fallback: number) => {
  const n = Number(raw);
  return raw !== undefined && raw.trim() !== "" && Number.isFinite(n) && n >= 0 ? n * 1000 : fallback;
};

export async function startSiteServer(options: SiteServerOptions = {}): Promise<SiteServer> {
  const env = options.env ?? process.env;
  const distDir = options.distDir ?? "dist";
  const build = await loadSiteBuild(distDir);
  const base = (env.CONTENT_API_BASE ?? "").replace(/\/+$/, "");
  const siteUrl = (env.SITE_URL ?? "http://localhost:4173").replace(/\/+$/, "");
  const embedded = base === "" ? serviceFromEnv(env) : null;
  const upstreamTimeoutMs = seconds(env.CONTENT_TIMEOUT_SECONDS, 10_000);
  const contentFreshMs = seconds(env.CONTENT_CACHE_SECONDS, 60_000);
  const contentStaleMs = seconds(env.CONTENT_STALE_SECONDS, 600_000);
  const cache = createContentCache({ upstream: contentUpstream(base, embedded?.service ?? null, upstreamTimeoutMs), freshMs: contentFreshMs, staleMs: contentStaleMs });

  const api = embedded ? toMiddleware(embedded.service) : forwardTo(base, { timeoutMs: upstreamTimeoutMs, maxBodyBytes: bodyLimitFor });
  // Content media under /_media/, fetched from the content service's origin (docs/media.md).
  const media = toMiddleware(mediaHandlerFromEnv(env, { base, embedded: embedded?.service ?? null }));
  const guard = siteGuard(securityOptionsFromEnv(env));
  const files = sirv(distDir, {
    etag: true,
    // No index.html for a directory: server-rendered pages, not files `npm run export` may have written, answer addresses.
    extensions: [],
    // The .br / .gz copies the build wrote (src/server/http/precompress.ts).
    brotli: true,
    gzip: true,
    setHeaders: (res, pathname) => res.setHeader("Cache-Control", cacheControlFor(pathname)),
  });

  /** HTML and crawler files, compressed as the browser accepts. */
  async function send(req: IncomingMessage, res: ServerResponse, status: number, contentType: string, body: string) {
    const encoded = await encodeForClient(Buffer.from(body), contentType, req.headers["accept-encoding"]);
    res.statusCode = status;
    res.setHeader("Content-Type", contentType);
    for (const [name, value] of Object.entries(encoded.headers)) res.setHeader(name, value);
    res.end(req.method === "HEAD" ? undefined : encoded.body);
  }

  // The same freshness as the content a page is made of.
  const pages = createPageCache<RenderedDocument>({ freshMs: contentFreshMs, staleMs: contentStaleMs, keep: (result) => result.kind === "redirect" || result.status !== 503 });

  async function renderAddress(req: IncomingMessage, res: ServerResponse) {
    const address = req.url ?? "/";
    const result = await pages.get(address, () => build.render(address, { fetch: cache.fetch, siteUrl, template: build.template, manifest: build.manifest, readStyle: build.readStyle }));
    if (result.kind === "redirect") {
      res.writeHead(result.status, { Location: result.location, "Cache-Control": htmlCacheControl });
      res.end();
      return;
    }
    if (result.status === 503) {
      res.setHeader("Retry-After", "30");
      res.setHeader("Cache-Control", cacheControl.noStore);
    } else {
      res.setHeader("Cache-Control", htmlCacheControl);
    }
    await send(req, res, result.status, "text/html; charset=utf-8", result.html);
  }

  /** sitemap.xml (and its parts past 50,000 addresses) and robots.txt, from the addresses the content has now. */
  async function siteFile(name: string): Promise<string | undefined> {
    if (name === "robots.txt") return build.module.robotsTxt(siteUrl);
    const addresses = await build.module.listAddresses({ fetch: cache.fetch, siteUrl });
    return build.module.sitemapFiles(addresses, siteUrl).get(name);
  }

  const server = hardenServer(createServer((req, res) => {
    if (!guard(req, res)) return;
    const pathname = (req.url ?? "/").split("?")[0] ?? "/";
    // Only the content calls take a body (capped per call); anything else carrying one is refused before it is read.
    if (!pathname.startsWith("/api/") && announcesBody(req)) {
      refuseBody(res, 413, 0);
      return;
    }
    const crawlerFile = /^\/(robots\.txt|sitemap(?:-\d+)?\.xml)$/.exec(pathname)?.[1];
    if (crawlerFile && (req.method === "GET" || req.method === "HEAD")) {
      siteFile(crawlerFile).then(
        (content) => {
          if (content === undefined) {
            res.writeHead(404).end();
            return;
          }
          res.setHeader("Cache-Control", htmlCacheControl);
          return send(req, res, 200, crawlerFile.endsWith(".xml") ? "application/xml; charset=utf-8" : "text/plain; charset=utf-8", content);
        },
        (error: unknown) => {
          console.error(`${crawlerFile} could not be made:`, error);
          res.writeHead(503, { "Retry-After": "30", "Cache-Control": "no-store" }).end();
        },
      );
      return;
    }
    if (pathname.startsWith("/api/")) {
      api(req, res, () => {
        res.statusCode = 404;
        res.end();
      });
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD" });
      res.end();
      return;
    }
    // The server's own code and the build manifest are not the public's.
    const serveFile = pathname.startsWith("/server/") || pathname.startsWith("/.vite/") ? (_req: IncomingMessage, _res: ServerResponse, next: () => void) => next() : files;
    if (pathname.startsWith(`${MEDIA_PREFIX}/`)) {
      media(req, res, () => res.writeHead(404).end());
      return;
    }
    // The embedded fixture service also serves its content's media (/media/*).
    const serveMedia = embedded && pathname.startsWith("/media/") ? api : (_req: IncomingMessage, _res: ServerResponse, next: () => void) => next();
    serveMedia(req, res, () => serveFile(req, res, () => {
      renderAddress(req, res).catch((error: unknown) => {
        console.error(`rendering ${req.url ?? "/"} failed:`, error);
        if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
        res.end("This page could not be rendered.");
      });
    }));
  }));

  const host = options.host ?? "127.0.0.1";
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        server,
        url: `http://${host === "127.0.0.1" ? "localhost" : host}:${port}`,
        cache,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
            embedded?.leads.close();
          }),
      });
    });
  });
}
