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
import { blockCodeGroupModules, blockCodePlugin } from "./src/build/blockCodePlugin.ts";
import { afterShellModules } from "./src/app/afterShell.ts";
import { blockRegistry } from "./src/runtime/registry.ts";

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
 * The site's code in a few chunks, so that a page's code arrives in a few round trips and not in
 * dozens (each a round trip of 562 ms on a slow phone's network, six at a time over HTTP/1.1):
 * - `framework`: React's and the router's code (what src/main.tsx imports statically);
 * - `app`: the site's own modules before hydration (what src/app/start.tsx, which main.tsx
 *   imports in the next task, imports statically);
 * - `first`: the above-the-fold blocks' code (src/build/blockCode.ts), which hydration waits for;
 * - `after-shell`: the footer and contact shortcut and the page's effects, which every page loads
 *   as the shell hydrates (src/app/afterShell.ts).
 * Every other block's code is a chunk of its own (Rolldown's own splitting of its dynamic import),
 * asked for when its section comes near the viewport: a section brings what it needs and no other
 * block's. Measured in docs/performance.md.
 */
const startModule = resolve("src/app/start.tsx");
/** React's and the router's packages (their CommonJS files are required, not imported, so they are matched by path), and Vite's preload helper, which the entry uses. */
const frameworkModule = /\/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)\/|vite\/preload-helper/;
/** The app's own modules loaded after the shell on every page (src/app/afterShell.ts). */
const afterShellIds = afterShellModules.map((module) => resolve(module));

/** The site's chunks, each after those its modules import from. */
const siteChunkNames = ["app", "first", "after-shell", "blocks-shared"] as const;
type SiteChunk = (typeof siteChunkNames)[number];
/** The interactive blocks below the fold, whose code is asked for as their sections come near (src/build/blockCode.ts places them on their own). */
const nearBlockIds = Object.values(blockRegistry)
  .filter((block) => block.interactive && !block.critical)
  .map((block) => resolve("src/blocks", block.module));

let siteChunks: Map<string, SiteChunk> | undefined;

/** The chunk of each of the site's modules, worked out once from the module graph: the first group that reaches it statically. */
function siteChunksOf(context: ChunkingContext): Map<string, SiteChunk> {
  const chunks = new Map<string, SiteChunk>();
  const place = (roots: readonly string[], chunk: SiteChunk) => {
    const visit = (id: string) => {
      if (chunks.has(id) || frameworkModule.test(id) || id.endsWith(".css")) return;
      // Packages stay out of the blocks' and the after-shell group: a block that brings one keeps it to itself.
      if (chunk !== "app" && id.includes("/node_modules/")) return;
      chunks.set(id, chunk);
      for (const imported of context.getModuleInfo(id)?.importedIds ?? []) visit(imported);
    };
    for (const root of roots) visit(root);
  };
  place([startModule], "app");
  // start.tsx itself stays in a chunk of its own: it awaits the first blocks' code at its top
  // level, and those blocks import the app's chunk, which must not wait for it in turn.
  chunks.delete(startModule);
  place([blockCodeGroupModules.first], "first");
  place(afterShellIds, "after-shell");
  // What two or more of the blocks asked for as their sections come near share (a section's frame,
  // cards, the slider's settings, the dialog): one small chunk, not a file for each pair of blocks.
  // The rest of a block's site code goes with the block.
  const reachers = new Map<string, number>();
  for (const block of nearBlockIds) {
    const seen = new Set<string>();
    const visit = (id: string) => {
      if (seen.has(id) || chunks.has(id) || frameworkModule.test(id) || id.endsWith(".css") || id.includes("/node_modules/")) return;
      seen.add(id);
      for (const imported of context.getModuleInfo(id)?.importedIds ?? []) visit(imported);
    };
    visit(block);
    for (const id of seen) reachers.set(id, (reachers.get(id) ?? 0) + 1);
  }
  for (const [id, count] of reachers) if (count > 1 && !nearBlockIds.includes(id)) chunks.set(id, "blocks-shared");
  return chunks;
}

function siteChunk(moduleId: string, context: ChunkingContext): SiteChunk | null {
  siteChunks ??= siteChunksOf(context);
  return siteChunks.get(moduleId) ?? null;
}

/** What the server build emits into dist/server/, by file name (`node dist/server/standalone.js` is the production server). */
const serverEntries = {
  "entry-server": resolve("src/ssr/entry-server.tsx"),
  standalone: resolve("src/server/standalone.ts"),
  leads: resolve("src/server/leads/command.ts"),
};

export default defineConfig(({ command, isSsrBuild }) => ({
  resolve: { alias: command === "build" && !isSsrBuild ? reactRouterProduction : [] },
  plugins: [react(), blockCodePlugin(), registryForBrowserPlugin(), layoutsPlugin(), organizationPlugin(), precompressPlugin(), serverModulesPlugin()],
  build: {
    target: "es2022",
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
          input: serverEntries,
          output: { entryFileNames: "[name].js" },
        }
      : {
          // src/boot.ts: the script of server-rendered pages, which loads src/main.tsx once the page has loaded.
          input: { index: resolve("index.html"), boot: resolve("src/boot.ts") },
          // The framework first, then the app's chunk, the first blocks', what every page loads after the shell, and what
          // sections share: a group takes what its modules import that no group before it took (React into the app's,
          // the app's modules into the footer's), so each group comes after those it imports from.
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: frameworkModule, priority: siteChunkNames.length + 1 },
                ...siteChunkNames.map((chunk, index) => ({ name: (id: string, context: ChunkingContext) => (siteChunk(id, context) === chunk ? chunk : null), priority: siteChunkNames.length - index })),
              ],
            },
          },
        },
  },
  ssr: {
    // Bundled into the server build: packages that ship CSS or browser-only entry points. `npm run
    // dev` (tools/dev.ts, Vite's module loader) loads them from node_modules instead:
    // its module runner does not run CommonJS, and Vite itself answers their CSS imports there.
    noExternal: command === "build" ? ["keen-slider"] : [],
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
