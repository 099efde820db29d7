/**
 * `npm run dev`: the production server itself (src/server/siteServer.ts) on the fixture content
 * service, with Vite in middleware mode in front of it for modules and hot reload. Routing, forms
 * posted without script, headers and CSP, caches, media, leads and errors are the production
 * code; only three things differ: pages render through Vite's module loader from the sources
 * (with the styles production writes into each page, read from Vite's transforms: ./devAssets.ts),
 * Vite answers its own requests (modules, its client, public/), and a page that cannot be
 * rendered (its layout has problems) answers 500 naming them, in Vite's error overlay; the other
 * pages render. A change of a source, layout or fixture drops the rendered pages and content
 * answers, so the next request shows it.
 *
 * Port: PORT, or `npm run dev -- --port N` (default 5173). HOST (127.0.0.1).
 */
import { escapeUTF8 } from "entities";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import type { Server } from "node:http";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { createServer as createVite, type LogLevel } from "vite";
import { fixtureContentService } from "../fixture-service/fromEnv.ts";
import { checkSiteConfig } from "../src/build/siteConfig.ts";
import { formatProblem } from "../src/runtime/problems.ts";
import { blockRegistry } from "../src/runtime/registry.ts";
import type { SiteBuild } from "../src/server/renderModule.ts";
import type { RenderBundle, Site } from "../src/ssr/site.ts";
import { startSiteServer, type DevModules } from "../src/server/siteServer.ts";
import { counterexampleDir } from "./counterexamples.ts";
import { adoptableStyles, devAssets, type DevAssets } from "./devAssets.ts";

const serverEntry = "/src/ssr/entry-server.tsx";
/** The browser's entry (index.html's script), the app it starts, and every block's module: the roots of the style graph. */
const browserEntry = "/src/main.tsx";
const styleRoots = ["/src/app/start.tsx", ...Object.values(blockRegistry).map(({ module }) => `/src/blocks/${module}`)];

/** The entry's style files as a built index.html links them (last in the head), so the renderer writes them in (src/ssr/document.ts documentTemplate). */
const withEntryStyles = (template: string, files: readonly string[]) => template.replace("</head>", () => `${files.map((file) => `  <link rel="stylesheet" href="/${file}">\n`).join("")}  </head>`);

/** The hashes of the inline scripts in a page template (React Refresh's preamble), as a CSP names them. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1] ?? "")
    .filter((body) => body.trim() !== "")
    .map((body) => `sha256-${createHash("sha256").update(body).digest("base64")}`);
}

/**
 * A request that could not be answered, in dev: the problem named (a layout's file, JSON path and
 * message), as text to a client that asks for no HTML; to a browser, a page that shows it and
 * opens Vite's error overlay over it (tools/devErrorOverlay.ts). Production answers a plain 500.
 */
function errorPage(template: string, request: { method: string; url: string; headers: { accept?: string | undefined } }, error: Error): { type: string; body: string } {
  const text = `${request.method} ${request.url} could not be answered:\n\n${error.message}\n`;
  if (!request.headers.accept?.includes("text/html")) return { type: "text/plain; charset=utf-8", body: text };
  // The overlay's file line: the first file the message names, else the address.
  const id = /(?:^|\n)((?:layouts|registry)\/[^:\s]+):/.exec(error.message)?.[1] ?? request.url;
  const data = JSON.stringify({ message: error.message, id, stack: "", plugin: "corvane" }).replace(/</g, "\\u003c");
  const body = `<main><h1>This page could not be rendered</h1><pre>${escapeUTF8(text)}</pre></main>\n<script type="application/json" id="dev-error">${data}</script>\n<script type="module" src="/tools/devErrorOverlay.ts"></script>`;
  return { type: "text/html; charset=utf-8", body: template.replace(/<!--app-head-->/, "<title>Error: could not be rendered</title>").replace(/<div id="root">[\s\S]*<\/body>/, () => `${body}\n  </body>`) };
}

/** Vite in middleware mode, attached to the site server's own HTTP server. */
/** Vite's own settings a developer may give `npm run dev` (its CLI's flags of the same names). */
export interface ViteFlags {
  force?: boolean;
  mode?: string;
  logLevel?: LogLevel;
  clearScreen?: boolean;
  configFile?: string;
}

export function viteModules(root = process.cwd(), flags: ViteFlags = {}): DevModules {
  return {
    async attach(server: Server) {
      const vite = await createVite({
        root,
        server: { middlewareMode: true, hmr: { server } },
        appType: "custom",
        ...(flags.force ? { optimizeDeps: { force: true } } : {}),
        ...(flags.mode === undefined ? {} : { mode: flags.mode }),
        ...(flags.logLevel === undefined ? {} : { logLevel: flags.logLevel }),
        ...(flags.clearScreen === undefined ? {} : { clearScreen: flags.clearScreen }),
        ...(flags.configFile === undefined ? {} : { configFile: flags.configFile }),
      });
      server.once("close", () => void vite.close());
      const indexHtml = resolve(root, "index.html");
      const readTemplate = () => vite.transformIndexHtml("/", readFileSync(indexHtml, "utf8"));
      let template = await readTemplate();
      const load = () => vite.ssrLoadModule(serverEntry) as Promise<RenderBundle>;
      // What the build's manifest and style files say in production, read from the sources; made again after a change.
      let assets: Promise<DevAssets> | undefined;
      const currentAssets = () =>
        (assets ??= devAssets(vite, { entry: browserEntry, roots: styleRoots }).catch((error: unknown) => {
          assets = undefined;
          throw error;
        }));
      /** The site opened on the sources as they are now: with the styles production writes into each page (the entry's, the app's and its blocks'). */
      const opened = async (): Promise<Site> => {
        const { manifest, styles, entryStyles } = await currentAssets();
        return (await load()).openSite({ template: withEntryStyles(template, entryStyles), manifest, styles, throwRouteErrors: true });
      };
      // The last site opened, for the answers that do not wait (robots.txt, the sitemap's parts after its addresses);
      // the first without the pages' styles, which are read when a page is first asked for.
      let current: Site | undefined = await load()
        .then((bundle) => bundle.openSite({ template, manifest: {} }))
        .catch(() => undefined);
      const adopted = <T extends { kind: string }>(answer: T): T => ("html" in answer && typeof answer.html === "string" ? { ...answer, html: adoptableStyles(answer.html, root) } : answer);
      // The build's own check of the registry first: no page is rendered on a registry the build would refuse, and the answer names
      // the problems. A layout's problems fail only the pages that use it, when its module loads (src/build/layoutsPlugin.ts).
      const loaded = async () => {
        const problems = (await checkSiteConfig(root)).problems.filter((problem) => !problem.file.startsWith("layouts/"));
        if (problems.length > 0) throw new Error(`registry problems (npm run check:layouts):\n${problems.map(formatProblem).join("\n")}`);
        return (current = await opened());
      };
      const entry = () => {
        if (!current) throw new Error(`${serverEntry} did not load: open a page to see why`);
        return current;
      };
      const site: Site = {
        renderServedPage: async (request, options) => adopted(await (await loaded()).renderDocument(request, options)),
        renderDocument: async (request, options) => adopted(await (await loaded()).renderDocument(request, options)),
        answerFormPost: async (request, options) => adopted(await (await loaded()).answerFormPost(request, options)),
        listAddresses: async (options) => (await loaded()).listAddresses(options),
        sitemapFiles: (addresses, siteUrl) => entry().sitemapFiles(addresses, siteUrl),
        robotsTxt: (siteUrl) => entry().robotsTxt(siteUrl),
        routeTableAddresses: () => entry().routeTableAddresses(),
      };
      const build: SiteBuild = { site };
      const listeners: (() => void)[] = [];
      const changed = (file: string) => {
        assets = undefined;
        if (resolve(file) === indexHtml) void readTemplate().then((html) => (template = html));
        for (const listener of listeners) listener();
      };
      vite.watcher.on("change", changed).on("add", changed).on("unlink", changed);
      return {
        build,
        middleware: (req, res, next) => vite.middlewares(req, res, next),
        scriptHashes: inlineScriptHashes(template),
        onChange: (listener) => void listeners.push(listener),
        errorPage: (request, error) => errorPage(template, request, error),
      };
    },
  };
}

/**
 * The flags `npm run dev -- …` takes: ours, and those of Vite's own dev command that apply to a
 * server Vite does not run (the site server listens; Vite works in front of it).
 */
const flags = {
  port: { type: "string", help: "--port N (or PORT; default 5173)" },
  host: { type: "string", help: "--host H (or HOST; default 127.0.0.1)" },
  strictPort: { type: "boolean", help: "--strictPort (always so: a port in use stops the start)" },
  force: { type: "boolean", help: "--force (Vite optimizes the dependencies again)" },
  mode: { type: "string", help: "--mode M (Vite's mode, default development)" },
  logLevel: { type: "string", short: "l", help: "--logLevel info|warn|error|silent (Vite's messages)" },
  clearScreen: { type: "boolean", help: "--clearScreen / --no-clearScreen" },
  config: { type: "string", short: "c", help: "--config FILE (Vite's configuration file)" },
  counterexamples: { type: "boolean", help: "--counterexamples (the pages npm run test:properties wrote to counterexamples/pages, over the fixtures')" },
} as const;
const logLevels: readonly LogLevel[] = ["info", "warn", "error", "silent"];

/** The command line read, or a one-line message naming the flags taken (no stack trace). */
function readFlags(args: string[]) {
  const taken = Object.values(flags).map((flag) => flag.help).join(", ");
  try {
    const { values } = parseArgs({ args, options: Object.fromEntries(Object.entries(flags).map(([name, { help: _help, ...option }]) => [name, option])) as { [K in keyof typeof flags]: Omit<(typeof flags)[K], "help"> }, allowNegative: true, allowPositionals: false });
    if (values.logLevel !== undefined && !logLevels.includes(values.logLevel as LogLevel)) throw new Error(`--logLevel takes ${logLevels.join(", ")}, not "${values.logLevel}"`);
    return values;
  } catch (error) {
    console.error(`npm run dev: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}.\nFlags taken: ${taken}.`);
    process.exit(2);
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ""}` || process.argv[1]?.endsWith("tools/dev.ts")) {
  const values = readFlags(process.argv.slice(2));
  const port = Number(values.port ?? process.env.PORT ?? 5173);
  const host = values.host ?? process.env.HOST ?? "127.0.0.1";
  // A developer's terminal shows warnings and errors, not a JSON line per module request (LOG_LEVEL=info for those).
  const env: NodeJS.ProcessEnv = { LOG_LEVEL: "warn", ...process.env, SITE_URL: process.env.SITE_URL ?? `http://localhost:${port}` };
  const onFixtures = (env.CONTENT_API_BASE ?? "") === "";
  const overlay = values.counterexamples ? counterexampleDir : undefined;
  const dev = viteModules(process.cwd(), {
    ...(values.force ? { force: true } : {}),
    ...(values.mode === undefined ? {} : { mode: values.mode }),
    ...(values.logLevel === undefined ? {} : { logLevel: values.logLevel as LogLevel }),
    ...(values.clearScreen === undefined ? {} : { clearScreen: values.clearScreen }),
    ...(values.config === undefined ? {} : { configFile: values.config }),
  });
  const site = await startSiteServer({ port, host, env, dev, ...(onFixtures ? { contentService: fixtureContentService(env, { watch: true, overlay }) } : {}) }).catch((error: unknown) => {
    const code = (error as { code?: unknown }).code;
    console.error(
      code === "EADDRINUSE"
        ? `npm run dev: port ${port} on ${host} is in use; choose another with --port N (or PORT=N).`
        : `npm run dev: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  });
  console.log(`Corvane site (dev) running at ${site.url}/`);
  if (overlay) {
    const pages = existsSync(join(overlay, "pages")) ? readdirSync(join(overlay, "pages")).filter((file) => file.endsWith(".json")) : [];
    console.log(onFixtures ? `Showing ${pages.length} counterexample page${pages.length === 1 ? "" : "s"} from ${overlay}/pages over the fixtures: ${pages.join(", ") || "none (npm run test:properties writes them when an invariant breaks)"}` : `--counterexamples: ignored, CONTENT_API_BASE names another content service`);
  }
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void site.close().then(() => process.exit(0)));
}
