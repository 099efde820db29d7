/**
 * Layouts are validated and resolved when the build (or dev server) loads them, not in the
 * browser: `virtual:corvane-layouts` maps every layout name to a lazily loaded module holding
 * its resolved slots. A layout with a problem fails the build, or shows in the dev overlay,
 * with the same file / JSON path / message lines as `npm run check:layouts`. The browser
 * therefore ships plain data and no schema validator.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Plugin } from "vite";
import { formatProblem } from "../runtime/problems.ts";
import { layoutFileName, resolveLayout, type LayoutSource } from "../runtime/layout.ts";

const indexId = "virtual:corvane-layouts";
const layoutPrefix = "virtual:corvane-layout/";

export function layoutsPlugin(): Plugin {
  let layoutsDir = resolve("layouts");
  const names = () => readdirSync(layoutsDir).filter((f) => f.endsWith(".json")).map((f) => f.slice(0, -".json".length));
  const source: LayoutSource = (name) => {
    const file = names().find((n) => n.toLowerCase() === name.toLowerCase());
    if (!file) return Promise.resolve(undefined);
    const path = join(layoutsDir, `${file}.json`);
    try {
      return Promise.resolve(JSON.parse(readFileSync(path, "utf8")) as unknown);
    } catch (error) {
      return Promise.reject(new Error(`${layoutFileName(file)}: not valid JSON: ${error instanceof Error ? error.message : String(error)}`));
    }
  };

  return {
    name: "corvane:layouts",
    configResolved(config) {
      layoutsDir = resolve(config.root, "layouts");
    },
    resolveId(id) {
      if (id === indexId || id.startsWith(layoutPrefix)) return `\0${id}`;
      return null;
    },
    async load(id) {
      if (id === `\0${indexId}`) {
        for (const file of names()) this.addWatchFile(join(layoutsDir, `${file}.json`));
        const entries = names().map((name) => `  ${JSON.stringify(name.toLowerCase())}: () => import(${JSON.stringify(layoutPrefix + name)}),`);
        return `export const layoutModules = {\n${entries.join("\n")}\n};\n`;
      }
      if (!id.startsWith(`\0${layoutPrefix}`)) return null;
      const name = id.slice(`\0${layoutPrefix}`.length);
      for (const file of names()) this.addWatchFile(join(layoutsDir, `${file}.json`));
      const layout = await resolveLayout(name, source);
      if (layout.problems.length > 0) this.error(`layout problems:\n${layout.problems.map(formatProblem).join("\n")}`);
      return `export default ${JSON.stringify(layout)};\n`;
    },
  };
}
