import react from "@vitejs/plugin-react";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import type { ChunkingContext } from "rolldown";
import { visualizer } from "rollup-plugin-visualizer";
import type { PluginOption } from "vite";
import { defineConfig } from "vitest/config";
import { layoutsPlugin } from "./src/build/layoutsPlugin.ts";
import { organizationPlugin } from "./src/build/organizationPlugin.ts";
import { registryForBrowserPlugin, schemaDescriptionsOutOfBrowserPlugin } from "./src/build/registryPlugin.ts";
import { serverModulesPlugin, serverPackagesLeftInstalled } from "./src/build/serverModulesPlugin.ts";
import { precompressPlugin } from "./src/build/precompressPlugin.ts";
import { blockCodePlugin } from "./src/build/blockCodePlugin.ts";
import { bootScriptPlugin } from "./src/build/bootScriptPlugin.ts";

/**
 * React Router publishes only its development build under its package's exports; the browser's
 * production build takes the production one it ships beside it (no development warnings or
 * checks: 0.6 kB less before the page answers, and less work at hydration).
 */
const reactRouterProduction = [
  { find: /^react-router$/, replacement: resolve("node_modules/react-router/dist/production/index.mjs") },
  { find: /^react-router\/dom$/, replacement: resolve("node_modules/react-router/dist/production/dom-export.mjs") },
];

/**
 * The Lottie player's published file carries the whole of lottie-web inside it (85.5 kB gzip,
 * every renderer and After Effects expressions). The browser's build takes the player from the
 * source the package ships beside it, with lottie-web's light build (the SVG renderer, which is
 * the one LottieAnimation asks for, without expressions): 46 kB less on a page with an animation.
 * Expressions are scripts inside an animation file, which a content-managed site need not run.
 */
const lottieLight = [
  { find: /^@lottiefiles\/react-lottie-player$/, replacement: resolve("node_modules/@lottiefiles/react-lottie-player/src/Player.tsx") },
  { find: /^lottie-web$/, replacement: resolve("node_modules/lottie-web/build/player/lottie_light.js") },
];

/**
 * Two chunks of the site's code before a page answers, so that it arrives in a few round trips and
 * not in dozens (each a round trip of 562 ms on a slow phone's network, six at a time over HTTP/1.1):
 * - `framework`: React's and the router's code (what src/main.tsx imports statically);
 * - `app`: the site's own modules (what src/app/start.tsx, which main.tsx imports in the next
 *   task, imports statically): the chrome, the runtime, the page's effects, and the code of every
 *   block src/build/blockCode.ts groups (the interactive blocks that bring no package of their
 *   own), which the block index imports statically in this build (src/build/blockCodePlugin.ts).
 *   Blocks that bring a package, and those that do nothing in the browser, keep chunks of their own.
 * - `navigation`: what the first page the browser resolves itself needs and a page the server
 *   rendered does not (src/app/navigationCode.ts): the page loader, the contract's and the blocks'
 *   option schemas, and zod. One file (and the 0.1 kB re-exporting entry rolldown writes for the
 *   module a navigation imports), not ten: each would wait for a connection while the page's
 *   pictures hold them.
 * One chunk for the blocks above and below the fold, not three: each further file was a request
 * that waited for one of the six connections the first screen's pictures hold, and a module
 * imported on demand from a shared chunk costs a re-exporting file of its own too
 * (docs/performance.md, "Fewer files before the page answers").
 */
const startModule = resolve("src/app/start.tsx");
/** What a navigation in the browser loads (src/app/routes.tsx, loadNavigationCode). */
const navigationModules = [resolve("src/app/navigationCode.ts")];
/** React's and the router's packages (their CommonJS files are required, not imported, so they are matched by path), and Vite's preload helper, which the entry uses. */
const frameworkModule = /\/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)\/|vite\/preload-helper/;

type SiteChunk = "app" | "navigation";
let siteChunks: Map<string, SiteChunk> | undefined;

/**
 * The chunk of each of the site's modules, worked out once from the module graph: `app` for what
 * start.tsx reaches statically, `navigation` for what the navigation's modules reach besides.
 */
function siteChunksOf(context: ChunkingContext): Map<string, SiteChunk> {
  const chunks = new Map<string, SiteChunk>();
  const visit = (id: string, chunk: SiteChunk) => {
    if (chunks.has(id) || frameworkModule.test(id) || id.endsWith(".css")) return;
    chunks.set(id, chunk);
    for (const imported of context.getModuleInfo(id)?.importedIds ?? []) visit(imported, chunk);
  };
  visit(startModule, "app");
  for (const module of navigationModules) visit(module, "navigation");
  // start.tsx itself stays in a chunk of its own, which main.tsx imports a task after React's code.
  chunks.delete(startModule);
  return chunks;
}

function siteChunk(moduleId: string, context: ChunkingContext): string | null {
  siteChunks ??= siteChunksOf(context);
  return siteChunks.get(moduleId) ?? null;
}

/** What the server build emits into dist/server/, by file name (`node dist/server/standalone.js` is the production server). */
const serverEntries = {
  "entry-server": resolve("src/ssr/entry-server.tsx"),
  standalone: resolve("src/server/standalone.ts"),
  leads: resolve("src/server/leads/command.ts"),
  // The production server's content HTML worker (src/ssr/routedPage.tsx says why).
  "html-worker": resolve("src/ssr/htmlWorker.ts"),
};
/** `npm run bench:render` only (RENDER_FLOOR=1, into dist/server/render-floor/, which the server never serves): the floor it measures the render against (tools/renderFloor.tsx). */
const renderFloorEntry = { "render-floor": resolve("tools/renderFloor.tsx") };

/**
 * `npm run size:report` (BUNDLE_REPORT=1): the browser build's own report of what each file holds,
 * module by module, gzip, measured on the minified output through its source maps:
 * reports/bundle-report.html (a treemap to explore) and reports/bundle-report.json, which
 * tools/bundle-report.ts prints by package and folder. Not under dist/, which the server publishes.
 */
// The plugin's types name rollup's Plugin, and rollup is not installed (Vite builds with rolldown): typed as Vite's here.
const bundleReport = (): PluginOption[] => [
  visualizer({ filename: "reports/bundle-report.json", template: "raw-data", sourcemap: true }) as PluginOption,
  visualizer({ filename: "reports/bundle-report.html", template: "treemap", sourcemap: true, title: "What each file of the browser's build holds" }) as PluginOption,
];

export default defineConfig(({ command, isSsrBuild }) => ({
  // The server build takes the light Lottie player too: it never plays one, and the full build's expressions use eval.
  resolve: { alias: command === "build" ? [...(isSsrBuild ? [] : reactRouterProduction), ...lottieLight] : [] },
  plugins: [react(), bootScriptPlugin(), blockCodePlugin(), registryForBrowserPlugin(), schemaDescriptionsOutOfBrowserPlugin(), layoutsPlugin(), organizationPlugin(), precompressPlugin(), serverModulesPlugin(), ...(process.env.BUNDLE_REPORT && command === "build" && !isSsrBuild ? bundleReport() : [])],
  build: {
    target: "es2022",
    // src/boot.ts asks for the code with <link rel="modulepreload">. A browser without it (Safari
    // before 17) fetches the files as the entry imports them: later, not broken. Vite's polyfill
    // for it was 0.35 kB gzip in the entry of every page.
    modulePreload: { polyfill: false },
    // Maps for the error tracker and our own debugging, never for the public: no sourceMappingURL in the
    // shipped files, and the production server does not serve *.map (src/server/siteServer.ts).
    sourcemap: "hidden",
    // The server reads it to name each page's block code and styles in the HTML (src/ssr/document.ts).
    manifest: true,
    // public/ is the browser's (dist/); the server build needs none of it.
    copyPublicDir: !isSsrBuild,
    rolldownOptions: isSsrBuild
      ? {
          // The server build (`vite build --ssr`, into dist/server/): the render bundle, the production
          // server and the operator commands, run with plain `node`. The fixture service, which the
          // server imports only when CONTENT_API_BASE is empty, stays a chunk of its own.
          input: process.env.RENDER_FLOOR === "1" ? renderFloorEntry : serverEntries,
          output: { entryFileNames: "[name].js" },
        }
      : {
          // src/boot.ts: the script of server-rendered pages, which loads src/main.tsx once the page has loaded.
          input: { index: resolve("index.html"), boot: resolve("src/boot.ts") },
          // The framework first: the site's group would otherwise take React along (a group takes what its modules import).
          output: { codeSplitting: { groups: [{ name: "framework", test: frameworkModule, priority: 2 }, { name: siteChunk, priority: 1 }] } },
        },
  },
  ssr: {
    // The server build carries the packages it imports, but for those that load files of their own
    // (src/build/serverModulesPlugin.ts). `npm run dev` (tools/dev.ts, Vite's module loader) loads
    // them from node_modules instead: its module runner does not run CommonJS, and Vite itself
    // answers their CSS imports there.
    noExternal: command === "build" ? true : [],
    external: command === "build" ? serverPackagesLeftInstalled : [],
  },
  test: {
    environment: "jsdom",
    setupFiles: ["./tests/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}", "tools/**/*.test.{ts,tsx}", "fixture-service/**/*.test.{ts,tsx}", "tests/**/*.test.{ts,tsx}"],
    restoreMocks: true,
    // Vitest's default leaves one core idle; these tests mostly wait on timers and rendering, so
    // one worker per core halves the run (259 s to 152 s on the 2-core CI machine).
    maxWorkers: availableParallelism(),
    testTimeout: 20_000,
  },
}));
