/**
 * The modules that carry the blocks' code in the browser's build (src/build/blockCodePlugin.ts):
 * the above-the-fold blocks' and the later blocks'. The server finds them under these names in the
 * build's manifest, for a block whose code is not a chunk of its own.
 */
export const blockCodeGroups = { first: "virtual:block-code/first", later: "virtual:block-code/later" } as const;
export type BlockCodeGroup = keyof typeof blockCodeGroups;
