/**
 * Where each block's code goes in the browser build:
 * - `first`: the above-the-fold ("critical") interactive blocks, one chunk the page's code waits
 *   for before it hydrates (src/boot.ts requests it with the entry's);
 * - `own`: every other block, on its own. An interactive block below the fold is asked for when
 *   its section comes near the viewport (src/runtime/hydrateNear.ts), so its file holds its code
 *   and no other block's: a section does not pay for blocks the page does not show or that the
 *   visitor never scrolls to (vite.config.ts's chunks). A block that does nothing in the browser
 *   (`interactive: false`) keeps the server's HTML and its code is never downloaded
 *   (src/ui/ServerHtml.tsx), so it must not share a file with code the page does download; only a
 *   page rendered in the browser (an in-site navigation) asks for it.
 */

export type BlockCodePlacement = "first" | "own";

export interface BlockCodeModule {
  /** The block's module, relative to src/blocks (registry/blocks.json's `module`). */
  file: string;
  /** Its module id (absolute path). */
  id: string;
  critical: boolean;
  /** Whether it does anything in the browser (registry/blocks.json's `interactive`). */
  interactive: boolean;
}

/** Each block module's placement, by `file`. */
export function placeBlockCode(blocks: readonly BlockCodeModule[]): Record<string, BlockCodePlacement> {
  return Object.fromEntries(blocks.map((block) => [block.file, block.interactive && block.critical ? "first" : "own"]));
}
