/**
 * `npm run dev`: the production server itself (src/server/siteServer.ts) on the fixture content
 * service, with Vite in middleware mode in front of it for modules and hot reload. Routing, forms
 * posted without script, headers and CSP, caches, media, leads and errors are the production
 * code; only three things differ: pages render through Vite's module loader from the sources,
 * Vite answers its own requests (modules, its client, public/), and a page that cannot be
 * rendered (a layout with problems) answers 500 naming the problem. A change of a source,
 * layout or fixture drops the rendered pages and content answers, so the next request shows it.
 *
 * Port: PORT, or `npm run dev -- --port N` (default 5173). HOST (127.0.0.1).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { createServer as createVite } from "vite";
import { fixtureContentService } from "../fixture-service/fromEnv.ts";
import { checkSiteConfig } from "../src/build/siteConfig.ts";
import { formatProblem } from "../src/runtime/problems.ts";
import type { RenderModule, SiteBuild } from "../src/server/renderModule.ts";
import { startSiteServer, type DevModules } from "../src/server/siteServer.ts";

const serverEntry = "/src/ssr/entry-server.tsx";

/** The hashes of the inline scripts in a page template (React Refresh's preamble), as a CSP names them. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1] ?? "")
    .filter((body) => body.trim() !== "")
    .map((body) => `sha256-${createHash("sha256").update(body).digest("base64")}`);
}

/** Vite in middleware mode, attached to the site server's own HTTP server. */
export function viteModules(root = process.cwd()): DevModules {
  return {
    async attach(server: Server) {
      const vite = await createVite({ root, server: { middlewareMode: true, hmr: { server } }, appType: "custom" });
      server.once("close", () => void vite.close());
      const indexHtml = resolve(root, "index.html");
      const readTemplate = () => vite.transformIndexHtml("/", readFileSync(indexHtml, "utf8"));
      let template = await readTemplate();
      const load = () => vite.ssrLoadModule(serverEntry) as Promise<RenderModule>;
      // The last entry loaded, for the two answers that do not wait (robots.txt, the sitemap's parts after its addresses).
      let current: RenderModule | undefined = await load().catch(() => undefined);
      // The build's own check first: a page is not rendered on layouts or a registry the build would refuse, and the answer names the problems.
      const loaded = async () => {
        const { problems } = await checkSiteConfig(root);
        if (problems.length > 0) throw new Error(`layout/registry problems (npm run check:layouts):\n${problems.map(formatProblem).join("\n")}`);
        return (current = await load());
      };
      const entry = () => {
        if (!current) throw new Error(`${serverEntry} did not load: open a page to see why`);
        return current;
      };
      const module: RenderModule = {
        renderDocument: async (request, options) => (await loaded()).renderDocument(request, options),
        answerFormPost: async (request, options) => (await loaded()).answerFormPost(request, options),
        listAddresses: async (options) => (await loaded()).listAddresses(options),
        sitemapFiles: (addresses, siteUrl) => entry().sitemapFiles(addresses, siteUrl),
        robotsTxt: (siteUrl) => entry().robotsTxt(siteUrl),
      };
      const build: SiteBuild = {
        module,
        render: (request, options) => module.renderDocument(request, options),
        get template() {
          return template;
        },
        manifest: {},
        readStyle: () => undefined,
        assetSize: () => undefined,
      };
      const listeners: (() => void)[] = [];
      const changed = (file: string) => {
        if (resolve(file) === indexHtml) void readTemplate().then((html) => (template = html));
        for (const listener of listeners) listener();
      };
      vite.watcher.on("change", changed).on("add", changed).on("unlink", changed);
      return {
        build,
        middleware: (req, res, next) => vite.middlewares(req, res, next),
        scriptHashes: inlineScriptHashes(template),
        onChange: (listener) => void listeners.push(listener),
      };
    },
  };
}

if (import.meta.url === `file://${process.argv[1] ?? ""}` || process.argv[1]?.endsWith("tools/dev.ts")) {
  const { values } = parseArgs({ options: { port: { type: "string" }, host: { type: "string" } }, allowPositionals: true });
  const port = Number(values.port ?? process.env.PORT ?? 5173);
  const host = values.host ?? process.env.HOST ?? "127.0.0.1";
  // A developer's terminal shows warnings and errors, not a JSON line per module request (LOG_LEVEL=info for those).
  const env: NodeJS.ProcessEnv = { LOG_LEVEL: "warn", ...process.env, SITE_URL: process.env.SITE_URL ?? `http://localhost:${port}` };
  const site = await startSiteServer({
    port,
    host,
    env,
    dev: viteModules(),
    ...((env.CONTENT_API_BASE ?? "") === "" ? { contentService: fixtureContentService(env, { watch: true }) } : {}),
  });
  console.log(`Corvane site (dev) running at ${site.url}/`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void site.close().then(() => process.exit(0)));
}
