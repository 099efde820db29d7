/**
 * `virtual:block-code`: how the browser loads each block's code (src/blocks/index.ts).
 * In the browser's build, blocks are placed by ./blockCode.ts: the above-the-fold blocks in one
 * module (`virtual:block-code/first`), the other blocks without a package of their own in
 * another (`virtual:block-code/later`), and the rest one by one. The two groups are imported
 * statically, into the app's chunk (vite.config.ts): imported on demand from a chunk the page
 * has already, each would still be a file of its own (a re-exporting "facade"), a round trip on
 * a phone's network. The dev server and the server's build load every block on its own (`own`):
 * there, files cost nothing and a change reloads one block.
 */
import { resolve } from "node:path";
import type { Plugin } from "vite";
import { blockCodeGroups, type BlockCodeGroup } from "../blocks/codeGroups.ts";
import { blockRegistry } from "../runtime/registry.ts";
import { placeBlockCode, type BlockCodeModule, type BlockCodePlacement } from "./blockCode.ts";

const indexId = "virtual:block-code";

/** The groups' module ids. */
const blockCodeGroupModules: Record<BlockCodeGroup, string> = { first: `\0${blockCodeGroups.first}`, later: `\0${blockCodeGroups.later}` };

export function blockCodePlugin(): Plugin {
  let root = process.cwd();
  let browserBuild = false;
  let placement: Promise<Record<string, BlockCodePlacement>> | undefined;
  const blocks = (): BlockCodeModule[] => Object.values(blockRegistry).map(({ module, critical, interactive }) => ({ file: module, id: resolve(root, "src/blocks", module), critical, interactive }));

  return {
    name: "corvane:block-code",
    configResolved(config) {
      root = config.root;
      browserBuild = config.command === "build" && !config.build.ssr;
    },
    resolveId(id) {
      if (id === indexId || id === blockCodeGroups.first || id === blockCodeGroups.later) return `\0${id}`;
      return null;
    },
    async load(id) {
      if (id !== `\0${indexId}` && id !== blockCodeGroupModules.first && id !== blockCodeGroupModules.later) return null;
      placement ??= browserBuild
        ? placeBlockCode({
            // Resolved imports only; the walk never waits for this module itself (it skips "\0" ids).
            importsOf: async (module) => (await this.load({ id: module, resolveDependencies: true })).importedIds,
            shell: [resolve(root, "src/app/start.tsx")],
            blocks: blocks(),
          })
        : Promise.resolve(Object.fromEntries(blocks().map((block) => [block.file, "own" as const])));
      const placed = await placement;
      const inGroup = (group: BlockCodeGroup) => blocks().filter((block) => placed[block.file] === group);
      if (id === `\0${indexId}`) {
        const own = blocks()
          .filter((block) => placed[block.file] === "own")
          .map((block) => `  ${JSON.stringify(block.file)}: () => import(${JSON.stringify(block.id)}),`);
        return [
          `export const placement = ${JSON.stringify(placed)};`,
          ...(browserBuild
            ? [
                `import * as first from ${JSON.stringify(blockCodeGroups.first)};`,
                `import * as later from ${JSON.stringify(blockCodeGroups.later)};`,
                "export const loadFirst = () => Promise.resolve(first);",
                "export const loadLater = () => Promise.resolve(later);",
              ]
            : [`export const loadFirst = () => import(${JSON.stringify(blockCodeGroups.first)});`, `export const loadLater = () => import(${JSON.stringify(blockCodeGroups.later)});`]),
          `export const ownModules = {\n${own.join("\n")}\n};`,
          "",
        ].join("\n");
      }
      const group: BlockCodeGroup = id === blockCodeGroupModules.first ? "first" : "later";
      const members = inGroup(group);
      return [
        ...members.map((block, index) => `import * as block${index} from ${JSON.stringify(block.id)};`),
        `export const modules = {\n${members.map((block, index) => `  ${JSON.stringify(block.file)}: block${index},`).join("\n")}\n};`,
        "",
      ].join("\n");
    },
  };
}
