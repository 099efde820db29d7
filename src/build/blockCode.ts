/**
 * Where each block's code goes in the browser build, worked out from the module graph:
 * - `first`: the above-the-fold ("critical") blocks, one chunk the page's code waits for before
 *   it hydrates (src/boot.ts requests it with the entry's);
 * - `later`: the other blocks whose code brings no package of its own (their views, cards,
 *   videos' players), one chunk requested as the shell hydrates;
 * - `own`: blocks whose code brings a package (forms with react-hook-form, sliders with
 *   keen-slider): a chunk of their own, so only the pages that show them download it; and the
 *   blocks that do nothing in the browser (`interactive: false`): a server-rendered page keeps
 *   their HTML and never downloads their code (src/ui/ServerHtml.tsx), so it must not share a file
 *   with code the page does download. Only a page rendered in the browser (an in-site navigation)
 *   asks for it.
 * One chunk per group, not one file per block: on a phone's network each file is a round trip
 * (562 ms on Lighthouse's slow 4G), six at a time over HTTP/1.1. Measured in docs/first-paint.md.
 */

export type BlockCodePlacement = "first" | "later" | "own";

export interface BlockCodeModule {
  /** The block's module, relative to src/blocks (registry/blocks.json's `module`). */
  file: string;
  /** Its module id (absolute path). */
  id: string;
  critical: boolean;
  /** Whether it does anything in the browser (registry/blocks.json's `interactive`). */
  interactive: boolean;
}

export interface BlockCodeGraph {
  /** The module ids a module imports statically (resolved); empty for what cannot be read. */
  importsOf: (id: string) => Promise<readonly string[]>;
  /** The modules loaded before any block: the app's start, whose static imports are all there before hydration. */
  shell: readonly string[];
  blocks: readonly BlockCodeModule[];
}

const isPackage = (id: string) => id.includes("/node_modules/");
const isStyle = (id: string) => /\.css(\?|$)/.test(id);

/** Each block module's placement, by `file`. */
export async function placeBlockCode({ importsOf, shell, blocks }: BlockCodeGraph): Promise<Record<string, BlockCodePlacement>> {
  const imports = new Map<string, readonly string[]>();
  /** Every module statically reachable from `roots`, with what each imports recorded in `imports`. */
  const graphOf = async (roots: readonly string[]) => {
    const seen = new Set<string>();
    let next = [...roots];
    while (next.length > 0) {
      const fresh = [...new Set(next)].filter((id) => !seen.has(id));
      for (const id of fresh) seen.add(id);
      const found = await Promise.all(
        fresh.map(async (id) => {
          const known = imports.get(id);
          if (known) return known;
          // Packages are not walked: whether a block brings one is all that matters here.
          const list = isPackage(id) || isStyle(id) || id.startsWith("\0") ? [] : await importsOf(id);
          imports.set(id, list);
          return list;
        }),
      );
      next = found.flat();
    }
    return seen;
  };
  const grouped = blocks.filter((block) => block.interactive);
  const loaded = await graphOf([...shell, ...grouped.filter((block) => block.critical).map((block) => block.id)]);
  await graphOf(grouped.filter((block) => !block.critical).map((block) => block.id));

  /** Whether what `root` imports, beyond what is loaded already, is the site's own code only (no package). */
  const bringsNoPackage = (root: string) => {
    const seen = new Set<string>();
    const next = [root];
    for (let id = next.pop(); id !== undefined; id = next.pop()) {
      if (seen.has(id) || loaded.has(id) || isStyle(id)) continue;
      if (isPackage(id)) return false;
      seen.add(id);
      next.push(...(imports.get(id) ?? []));
    }
    return true;
  };
  const place = (block: BlockCodeModule): BlockCodePlacement => (!block.interactive ? "own" : block.critical ? "first" : bringsNoPackage(block.id) ? "later" : "own");
  return Object.fromEntries(blocks.map((block) => [block.file, place(block)]));
}
