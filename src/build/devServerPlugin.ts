/**
 * `npm run dev` as the production server works: the fixture content service under /api, and
 * every page address rendered on the server through the same entry (src/ssr/entry-server.tsx,
 * loaded through Vite so components, layouts and fixtures reload as they change), in the
 * same index.html (transformed by Vite: its client, React Refresh), then hydrated by the
 * browser; content media under /_media/ as on the production server. `vite preview` gets the
 * content service only.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Plugin, ViteDevServer } from "vite";
import { requestUrl } from "../content/requestUrl.ts";
import { mediaHandlerFromEnv } from "../server/media/mediaFromEnv.ts";
import { serviceFromEnv, toMiddleware } from "../../fixture-service/fromEnv.ts";
import type { RenderModule } from "../server/renderModule.ts";
import type { ContentService } from "../../fixture-service/service.ts";

/** A fetch answered by the content service in this process. */
function serviceFetch(service: ContentService): typeof fetch {
  return async (input, init) => (await service(new Request(new URL(requestUrl(input), "http://dev.invalid"), init))) ?? new Response("Not found", { status: 404 });
}

/** A visitor's page request: GET or HEAD of an address that is not a file, the content service or Vite's own. */
function isPageRequest(method: string | undefined, pathname: string, accept: string | undefined): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  if (!accept?.includes("text/html")) return false;
  if (/^\/(?:api|media|@|node_modules|src)\b/.test(pathname) || pathname.startsWith("/@")) return false;
  return !/\.[A-Za-z0-9]+$/.test(pathname);
}

function renderPages(server: ViteDevServer, service: ContentService) {
  const fetch = serviceFetch(service);
  server.middlewares.use((req, res, next) => {
    const address = req.url ?? "/";
    const url = new URL(address, "http://dev.invalid");
    if (!isPageRequest(req.method, url.pathname, req.headers.accept)) return next();
    void (async () => {
      const origin = `http://${req.headers.host ?? "localhost"}`;
      const template = await server.transformIndexHtml(address, readFileSync(resolve(server.config.root, "index.html"), "utf8"));
      const entry = (await server.ssrLoadModule("/src/ssr/entry-server.tsx")) as RenderModule;
      const result = await entry.renderDocument(new Request(new URL(address, origin)), { fetch, siteUrl: origin, template, manifest: {} });
      if (result.kind === "redirect") {
        res.writeHead(result.status, { Location: result.location }).end();
        return;
      }
      res.writeHead(result.status, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
      res.end(req.method === "HEAD" ? undefined : result.html);
    })().catch((error: unknown) => {
      if (error instanceof Error) server.ssrFixStacktrace(error);
      // A module that does not load (a layout with problems, a syntax error): the page as the
      // plain single-page build, where Vite's error overlay names the problem.
      console.error(`rendering ${address} failed:`, error);
      next();
    });
  });
}

export function devServerPlugin(): Plugin {
  return {
    name: "corvane:dev-server",
    async configureServer(server) {
      // Vitest starts a Vite server too; unit tests use the service directly, without a database file.
      if (process.env.VITEST) return;
      const { service } = serviceFromEnv(process.env, { watch: true });
      // Pages rendered here name their media under /_media/ (docs/media.md).
      const media = mediaHandlerFromEnv(process.env, { base: "", embedded: service });
      server.httpServer?.once("close", media.close);
      server.middlewares.use(await toMiddleware(service, { media: media.handler }));
      renderPages(server, service);
    },
    async configurePreviewServer(server) {
      const { service } = serviceFromEnv(process.env);
      server.middlewares.use(await toMiddleware(service));
    },
  };
}
