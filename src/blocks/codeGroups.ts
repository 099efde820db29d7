/**
 * The modules that carry the blocks' code in the browser's build (src/build/blockCodePlugin.ts):
 * the above-the-fold blocks' (every other block's code is a chunk of its own). The server finds it
 * under this name in the build's manifest, for a block whose code is not a chunk of its own.
 */
export const blockCodeGroups = { first: "virtual:block-code/first" } as const;
export type BlockCodeGroup = keyof typeof blockCodeGroups;
