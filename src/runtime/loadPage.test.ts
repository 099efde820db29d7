import { describe, expect, it } from "vitest";
import type { Page } from "../content/contract.ts";
import type { BlockPictures } from "./context.tsx";
import { firstScreenPictures } from "./loadPage.ts";
import type { RenderSlot } from "./slots.ts";

const page = {} as Page;
const slot = (id: string, block: RenderSlot["block"], background: string | null = null): RenderSlot => ({ id, block, items: [], options: {}, fallbackOptions: null, title: null, background, source: "layout" });
/** Each block shows the pictures listed for its slot's id. */
const showing = (pictures: Record<string, (string | null)[]>): BlockPictures => {
  const bySlot = (s: RenderSlot) => pictures[s.id] ?? [];
  return { hero: bySlot, panels: bySlot, cards: bySlot, "rich-text": bySlot };
};

describe("the first screen's pictures", () => {
  it("are the first two pictures in document order, whatever the blocks, skipping slots and items without one", () => {
    const slots = [slot("hero", "hero"), slot("text", "rich-text"), slot("panels", "panels"), slot("cards", "cards")];
    expect(firstScreenPictures(slots, page, showing({ hero: [null], panels: [null, "/media/a.jpg"], cards: ["/media/b.jpg", "/media/c.jpg"] }))).toEqual(["/media/a.jpg", "/media/b.jpg"]);
  });

  it("count a section's background before its block's pictures, and a picture shown twice once", () => {
    const slots = [slot("hero", "hero"), slot("cards", "cards", "/media/cs-background.jpg")];
    expect(firstScreenPictures(slots, page, showing({ hero: ["/media/cs-background.jpg"], cards: ["/media/card.jpg"] }))).toEqual(["/media/cs-background.jpg", "/media/card.jpg"]);
  });

  it("never name an unsafe address, and are none on a page without pictures", () => {
    expect(firstScreenPictures([slot("hero", "hero")], page, showing({ hero: ["javascript:alert(1)", " /media/x.jpg "] }))).toEqual(["/media/x.jpg"]);
    expect(firstScreenPictures([slot("text", "rich-text")], page, {})).toEqual([]);
  });
});
