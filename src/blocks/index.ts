/**
 * The component map, derived from registry/blocks.json (itself generated from the block folders):
 * each block's module, loaded on demand so a page downloads only the blocks it shows. The server
 * reads the same map to name each page's block code in its HTML.
 */
import type { BlockDefinition } from "../runtime/block.tsx";
import type { BlockLoaders } from "../runtime/lazyBlocks.ts";
import type { BlockDataLoaders } from "../runtime/pageData.ts";
import { blockNames, blockRegistry, type BlockName } from "../runtime/registry.ts";

const modules = import.meta.glob<{ block: BlockDefinition }>(["./*/*.tsx", "!./*/*.test.tsx"]);

function loader(name: BlockName): () => Promise<BlockDefinition> {
  const file = blockRegistry[name].module;
  return async () => {
    const load = modules[`./${file}`];
    if (!load) throw new Error(`no block module src/blocks/${file}`);
    return (await load()).block;
  };
}

const byName = <T,>(value: (name: BlockName) => T) => Object.fromEntries(blockNames.map((name) => [name, value(name)])) as Record<BlockName, T>;

export const blockLoaders: BlockLoaders = byName(loader);

/** Each block's module, as the build's manifest names it. */
export const blockModules = byName((name) => `src/blocks/${blockRegistry[name].module}`);

/**
 * Blocks whose data loads with the page (see src/runtime/pageData.ts): light modules apart from
 * the blocks' code, loaded by the first page that shows such a block (pages without one do not
 * download them before they answer).
 */
export const blockDataLoaders: BlockDataLoaders = {
  "content-list": async (context) => (await import("./content-list/listData.ts")).contentListData(context),
};
