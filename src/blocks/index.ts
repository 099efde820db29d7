/**
 * The component map, derived from registry/blocks.json (itself generated from the block folders):
 * each block's module, loaded on demand (`virtual:block-code`, src/build/blockCodePlugin.ts), so
 * a page downloads only the blocks it shows, a few shared chunks and those it needs of its own.
 * The server reads the same map to name each page's block code in its HTML.
 */
import type { BlockDefinition } from "../runtime/block.tsx";
import type { BlockLoaders } from "../runtime/lazyBlocks.ts";
import type { BlockDataLoaders, BlockPictures } from "../runtime/context.tsx";
import { blockNames, blockRegistry, type BlockName } from "../runtime/registry.ts";
import { loadFirst, loadLater, ownModules, placement } from "virtual:block-code";
import { blockCodeGroups } from "./codeGroups.ts";

type BlockModule = { block: BlockDefinition };

/** The block's module from where the build put its code (src/build/blockCode.ts): with the first blocks, with the later ones, or on its own. */
async function loadModule(file: string): Promise<BlockModule | undefined> {
  switch (placement[file]) {
    case "first":
      return (await loadFirst()).modules[file];
    case "later":
      return (await loadLater()).modules[file];
    default:
      return ownModules[file]?.();
  }
}

function loader(name: BlockName): () => Promise<BlockDefinition> {
  const file = blockRegistry[name].module;
  return async () => {
    const module = await loadModule(file);
    if (!module) throw new Error(`no block module src/blocks/${file}`);
    return module.block;
  };
}

const byName = <T,>(value: (name: BlockName) => T) => Object.fromEntries(blockNames.map((name) => [name, value(name)])) as Record<BlockName, T>;

export const blockLoaders: BlockLoaders = byName(loader);

/** Each block's module, as the build's manifest names it when the block's code is a chunk of its own. */
const blockModules = byName((name) => `src/blocks/${blockRegistry[name].module}`);

/**
 * The module of the build's manifest that carries a block's code: its own, or that of the group the
 * build put it in (src/build/blockCode.ts: the above-the-fold blocks', or the later blocks').
 */
export function blockCodeModule(name: BlockName, manifestHas: (module: string) => boolean): string {
  const own = blockModules[name];
  if (manifestHas(own)) return own;
  return blockCodeGroups[blockRegistry[name].critical ? "first" : "later"];
}

/** The pictures each block shows (./pictures.ts), for the page loader's first-screen rule; loaded with the first page the browser resolves itself. */
export const loadBlockPictures = async (): Promise<BlockPictures> => (await import("./pictures.ts")).blockPictures;

/**
 * Blocks whose data loads with the page (see src/runtime/pageData.ts): light modules apart from
 * the blocks' code, loaded by the first page that shows such a block (pages without one do not
 * download them before they answer).
 */
export const blockDataLoaders: BlockDataLoaders = {
  "content-list": async (context) => (await import("./content-list/listData.ts")).contentListData(context),
};
