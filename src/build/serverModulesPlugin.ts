import { readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import type { Plugin } from "vite";

/**
 * Packages the server build leaves in node_modules: those that load files of their own at run
 * time, which a bundle would not carry. Everything else the server imports is bundled into
 * dist/server/: Node loads a few large files far faster than the thousand small ones under
 * node_modules (finding each, reading its package.json, compiling it; docs/operations.md#start).
 */
export const serverPackagesLeftInstalled = [
  // Native addons, found by path at run time.
  "better-sqlite3",
  "sharp",
  // Its ES build reads its data (JSON) with createRequire.
  "css-tree",
  // Starts its workers from files of its own.
  "synckit",
];

/**
 * jsdom finds two files beside its own source when it loads. In the bundle, its default stylesheet
 * is the text it would read; its synchronous XMLHttpRequest's worker is never started (the
 * server's DOM only parses content HTML: no scripts, no requests), so no file is looked for.
 */
const jsdomFileReads: readonly { module: RegExp; read: RegExp; replacement: (read: RegExpExecArray, id: string) => string }[] = [
  {
    module: /jsdom\/lib\/jsdom\/living\/css\/helpers\/computed-style\.js$/,
    read: /fs\.readFileSync\(\s*path\.resolve\(__dirname, "(\.\.\/\.\.\/\.\.\/browser\/default-stylesheet\.css)"\),\s*\{ encoding: "utf-8" \}\s*\)/,
    replacement: (read, id) => JSON.stringify(readFileSync(resolve(dirname(id), read[1] ?? ""), "utf8")),
  },
  {
    module: /jsdom\/lib\/jsdom\/living\/xhr\/XMLHttpRequest-impl\.js$/,
    read: /require\.resolve\("\.\/xhr-sync-worker\.js"\)/,
    replacement: () => "undefined",
  },
];

/**
 * The server build: ES modules wherever dist/ is copied to (an export works in a copy outside the
 * project), with jsdom's look-ups of its own files answered at build time.
 */
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
    transform(code, id) {
      if (!server) return null;
      const fileRead = jsdomFileReads.find(({ module }) => module.test(id));
      if (!fileRead) return null;
      const read = fileRead.read.exec(code);
      // A jsdom that finds its files otherwise must fail the build, not the server's start.
      if (!read) throw new Error(`${id}: jsdom no longer finds its files as the server build expects (src/build/serverModulesPlugin.ts)`);
      return { code: code.replace(read[0], fileRead.replacement(read, id)), map: null };
    },
    async writeBundle() {
      if (!server) return;
      await writeFile(resolve(outDir, "package.json"), `${JSON.stringify({ type: "module" })}\n`);
    },
  };
}
