import react from "@vitejs/plugin-react";
import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import { checkConfiguration } from "./src/cli/checkConfig.ts";
import { formatProblem } from "./src/runtime/problems.ts";
import { layoutsPlugin } from "./src/cli/layoutsPlugin.ts";
import { registryForBrowserPlugin } from "./src/cli/registryPlugin.ts";
import { precompressPlugin } from "./src/server/http/precompress.ts";
import { contentServicePlugin } from "./src/server/vitePlugin.ts";
import { organizationPlugin } from "./src/cli/organizationPlugin.ts";

/** A build with a broken layout or registry file fails, with the same messages as check:layouts. */
function checkConfigurationPlugin(): Plugin {
  return {
    name: "corvane:check-configuration",
    apply: "build",
    async buildStart() {
      const { problems } = await checkConfiguration();
      if (problems.length > 0) this.error(`layout/registry problems:\n${problems.map(formatProblem).join("\n")}`);
    },
  };
}

/** The server build is ES modules wherever dist/ is copied to (an export works in a copy outside the project). */
function serverModulesPlugin(): Plugin {
  let outDir = "";
  let server = false;
  return {
    name: "corvane:server-modules",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
      server = Boolean(config.build.ssr);
    },
    async writeBundle() {
      if (!server) return;
      await writeFile(resolve(outDir, "package.json"), `${JSON.stringify({ type: "module" })}\n`);
    },
  };
}

export default defineConfig({
  plugins: [react(), registryForBrowserPlugin(), layoutsPlugin(), organizationPlugin(), contentServicePlugin(), checkConfigurationPlugin(), precompressPlugin(), serverModulesPlugin()],
  build: {
    target: "es2022",
    sourcemap: true,
    // The server reads it to name each page's block code and styles in the HTML (src/ssr/document.ts).
    manifest: true,
    rolldownOptions: {
      // src/boot.ts: the script of server-rendered pages, which loads src/main.tsx once the page has loaded.
      input: { index: resolve("index.html"), boot: resolve("src/boot.ts") },
    },
  },
  ssr: {
    // Bundled into the server build: packages that ship CSS or browser-only entry points.
    noExternal: ["keen-slider"],
  },
  test: {
    environment: "jsdom",
    setupFiles: ["./tests/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}", "tests/**/*.test.{ts,tsx}"],
    restoreMocks: true,
    testTimeout: 20_000,
  },
});
