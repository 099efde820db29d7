import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { Plugin } from "vite";

/** The server build is ES modules wherever dist/ is copied to (an export works in a copy outside the project). */
export function serverModulesPlugin(): Plugin {
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
