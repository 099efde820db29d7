/**
 * Which pictures a page shows in its first screen, decided with the page's data (./pageData.ts),
 * whatever block shows them: those are loaded at once, at high priority and preloaded from the
 * head (src/ui/firstScreen.tsx); every other picture loads lazily, as the visitor nears it.
 *
 * The rule (docs/performance.md, "The first screen's pictures"): the first `firstScreen.pictures`
 * different pictures of the page's content in document order, a slot's section background before
 * the pictures of its block. A phone's first screen (about 400 × 800 CSS pixels) holds a hero and
 * the top of the block after it: two pictures cover a hero's and the next block's first one (a
 * panel, a card, a slide), or the first two cards of a row. It is a count of pictures, not of
 * slots: whether a slot shows anything above a picture depends on the content (a hero without a
 * picture, an empty text), not on where the layout puts it. A wrong guess costs one picture
 * fetched early; a missed one costs the largest paint waiting for layout and a lazy load.
 */
import type { Page } from "../content/contract.ts";
import { safeUrl } from "../ui/url.ts";
import type { BlockName } from "./registry.ts";
import type { RenderSlot } from "./slots.ts";

/** The content addresses of the pictures a slot's block shows, in the order it shows them (nulls for items without one). */
export type SlotPictures = (slot: RenderSlot, page: Page) => readonly (string | null | undefined)[];
/** Each block's pictures (src/blocks/pictures.ts); a block not named shows none. */
export type BlockPictures = Partial<Record<BlockName, SlotPictures>>;

export const firstScreen = { pictures: 2 } as const;

/** The first screen's pictures of a page whose slots are `slots`, as content addresses. */
export function firstScreenPictures(slots: readonly RenderSlot[], page: Page, pictures: BlockPictures): string[] {
  const found: string[] = [];
  for (const slot of slots) {
    for (const raw of [slot.background, ...(pictures[slot.block]?.(slot, page) ?? [])]) {
      const url = safeUrl(raw);
      if (url === null || found.includes(url)) continue;
      found.push(url);
      if (found.length === firstScreen.pictures) return found;
    }
  }
  return found;
}
