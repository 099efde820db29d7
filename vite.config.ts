import react from "@vitejs/plugin-react";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import type { ChunkingContext } from "rolldown";
import { defineConfig } from "vitest/config";
import { layoutsPlugin } from "./src/build/layoutsPlugin.ts";
import { organizationPlugin } from "./src/build/organizationPlugin.ts";
import { registryForBrowserPlugin } from "./src/build/registryPlugin.ts";
import { serverModulesPlugin } from "./src/build/serverModulesPlugin.ts";
import { precompressPlugin } from "./src/build/precompressPlugin.ts";
import { devServerPlugin } from "./src/build/devServerPlugin.ts";

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
 * Two chunks before hydration, evaluated in two tasks: React's and the router's code (what
 * src/main.tsx imports statically) and the site's own modules (what src/app/start.tsx, which
 * main.tsx imports in the next task, imports statically). Split by what shares what, they were
 * some 36 files of about 1 kB, each a round trip on a slow network and a module to fetch, compile
 * and link on the phone's main thread; as one chunk they were one evaluation of 25–30 ms.
 */
const startModule = resolve("src/app/start.tsx");
/** React's and the router's packages (their CommonJS files are required, not imported, so they are matched by path), and Vite's preload helper, which the entry uses. */
const frameworkModule = /\/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)\/|vite\/preload-helper/;
let siteGraph: Set<string> | undefined;
function siteChunk(moduleId: string, context: ChunkingContext): string | null {
  // Style sheets stay with what imports them: the entry's are index.html's own.
  if (moduleId.endsWith(".css")) return null;
  if (!siteGraph) {
    const graph = new Set<string>();
    const visit = (id: string) => {
      if (graph.has(id)) return;
      graph.add(id);
      for (const imported of context.getModuleInfo(id)?.importedIds ?? []) visit(imported);
    };
    visit(startModule);
    siteGraph = graph;
  }
  // start.tsx itself stays in a chunk of its own: it awaits the first blocks' code at its top
  // level, and those blocks import the site's chunk, which must not wait for it in turn.
  return moduleId !== startModule && siteGraph.has(moduleId) ? "app" : null;
}

export default defineConfig(({ command, isSsrBuild }) => ({
  resolve: { alias: command === "build" && !isSsrBuild ? reactRouterProduction : [] },
  plugins: [react(), registryForBrowserPlugin(), layoutsPlugin(), organizationPlugin(), devServerPlugin(), precompressPlugin(), serverModulesPlugin()],
  build: {
    target: "es2022",
    sourcemap: true,
    // The server reads it to name each page's block code and styles in the HTML (src/ssr/document.ts).
    manifest: true,
    rolldownOptions: {
      // src/boot.ts: the script of server-rendered pages, which loads src/main.tsx once the page has loaded.
      input: { index: resolve("index.html"), boot: resolve("src/boot.ts") },
      // The framework first: the site's group would otherwise take React along (a group takes what its modules import).
      output: { codeSplitting: { groups: [{ name: "framework", test: frameworkModule, priority: 2 }, { name: siteChunk, priority: 1 }] } },
    },
  },
  ssr: {
    // Bundled into the server build: packages that ship CSS or browser-only entry points. The
    // dev server's renderer (src/build/devServerPlugin.ts) loads them from node_modules instead:
    // its module runner does not run CommonJS, and Vite itself answers their CSS imports there.
    noExternal: command === "build" ? ["keen-slider"] : [],
  },
  test: {
    environment: "jsdom",
    setupFiles: ["./tests/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}", "tests/**/*.test.{ts,tsx}"],
    restoreMocks: true,
    // Vitest's default leaves one core idle; these tests mostly wait on timers and rendering, so
    // one worker per core halves the run (259 s to 152 s on the 2-core CI machine).
    maxWorkers: availableParallelism(),
    testTimeout: 20_000,
  },
}));
