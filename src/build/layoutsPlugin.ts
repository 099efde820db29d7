/**
 * Layouts are read, resolved and checked when the dev server or the build loads them, never in
 * the browser: `virtual:corvane-layouts` maps every layout name to a lazily loaded module
 * holding its resolved slots. A layout with a problem (its files, its extends, any slot's block
 * options) fails the build, and in the dev server shows in the error overlay, with the same
 * file / JSON path / message lines as `npm run check:layouts`. At start the whole
 * configuration is checked (./siteConfig.ts): the build stops on any problem; the dev server
 * lists them and keeps serving, so an author can fix one file at a time.
 */
import { join, resolve } from "node:path";
import type { Plugin } from "vite";
import { formatProblem } from "../runtime/problems.ts";
import type { ResolvedLayout } from "../runtime/layout.ts";
import { layoutFileName, layoutKey } from "../runtime/layoutNames.ts";
import { checkLayout, checkSiteConfig, readLayoutFiles } from "./siteConfig.ts";

const indexId = "virtual:corvane-layouts";
const layoutPrefix = "virtual:corvane-layout/";

const problemList = (problems: Parameters<typeof formatProblem>[0][]) => problems.map(formatProblem).join("\n");

export function layoutsPlugin(): Plugin {
  let root = process.cwd();
  let building = false;
  const layoutsDir = () => resolve(root, "layouts");

  return {
    name: "corvane:layouts",
    configResolved(config) {
      root = config.root;
      building = config.command === "build";
    },
    async buildStart() {
      // Vitest runs the same plugins; tests/config.test.ts makes this check there.
      if (process.env.VITEST) return;
      const { problems } = await checkSiteConfig(root);
      if (problems.length === 0) return;
      if (building) this.error(`layout/registry problems:\n${problemList(problems)}`);
      else this.warn(`layout/registry problems (pages using these layouts show the error overlay):\n${problemList(problems)}`);
    },
    resolveId(id) {
      if (id === indexId || id.startsWith(layoutPrefix)) return `\0${id}`;
      return null;
    },
    async load(id) {
      if (id !== `\0${indexId}` && !id.startsWith(`\0${layoutPrefix}`)) return null;
      const files = readLayoutFiles(layoutsDir());
      // Any layout file may be extended by the one loaded: a change to any of them reloads it.
      for (const name of files.names) this.addWatchFile(join(layoutsDir(), `${name}.json`));
      if (id === `\0${indexId}`) {
        const entries = files.names.map((name) => `  ${JSON.stringify(layoutKey(name))}: () => import(${JSON.stringify(layoutPrefix + name)}),`);
        return `export const layoutModules = {\n${entries.join("\n")}\n};\n`;
      }
      const name = id.slice(`\0${layoutPrefix}`.length);
      const { problems, ...layout } = await checkLayout(name, files.source, files.names);
      const fileProblems = files.problems.filter((problem) => problem.file === layoutFileName(name));
      if (problems.length + fileProblems.length > 0) this.error(`layout problems:\n${problemList([...fileProblems, ...problems])}`);
      const resolved: ResolvedLayout = layout;
      return `export default ${JSON.stringify(resolved)};\n`;
    },
  };
}
