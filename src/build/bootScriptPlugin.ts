/**
 * src/boot.ts is written into every server-rendered page (src/server/bootScript.ts), so its build
 * must be one file that imports nothing: an import of a chunk would be resolved against the
 * page's address, not /assets/. A module it shares with the app would be put in a chunk both
 * import, so in the browser's build each module boot.ts reaches is loaded as a copy of its own
 * (the same file under another id): the bundler shares nothing with the app, and boot.ts's file
 * holds the few lines it uses. One source, two copies in the build.
 */
import { resolve } from "node:path";
import type { Plugin } from "vite";

/** What marks a copy's id (a query: Vite loads and compiles the file as it would without it). */
const copyQuery = "?boot-script";

export function bootScriptPlugin(): Plugin {
  let bootModule = "";
  return {
    name: "corvane:boot-script",
    enforce: "pre",
    apply: (_config, { command, isSsrBuild }) => command === "build" && isSsrBuild !== true,
    configResolved(config) {
      bootModule = resolve(config.root, "src/boot.ts");
    },
    async resolveId(source, importer, options) {
      if (importer === undefined || (importer !== bootModule && !importer.endsWith(copyQuery))) return null;
      const resolved = await this.resolve(source, importer.replace(copyQuery, ""), { ...options, skipSelf: true });
      if (!resolved || resolved.external === true || resolved.id.startsWith("\0")) return resolved;
      return { ...resolved, id: `${resolved.id}${copyQuery}` };
    },
  };
}
