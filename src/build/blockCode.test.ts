import { expect, it } from "vitest";
import { placeBlockCode } from "./blockCode.ts";

const block = (file: string, critical: boolean, interactive: boolean) => ({ file, id: `/src/blocks/${file}`, critical, interactive });

it("puts the above-the-fold interactive blocks in the first chunk and every other block on its own, so a section below the fold brings no other block's code", () => {
  const placement = placeBlockCode([
    block("hero/Hero.tsx", true, true),
    block("faq/Faq.tsx", false, true),
    block("cards/Cards.tsx", false, true),
    block("contact-form/ContactForm.tsx", false, true),
  ]);
  expect(placement).toEqual({ "hero/Hero.tsx": "first", "faq/Faq.tsx": "own", "cards/Cards.tsx": "own", "contact-form/ContactForm.tsx": "own" });
});

it("keeps the code of blocks that do nothing in the browser out of the first chunk, above the fold too", () => {
  const placement = placeBlockCode([block("hero/Hero.tsx", true, false), block("breadcrumbs/Breadcrumbs.tsx", true, true), block("banners/Banners.tsx", false, false)]);
  expect(placement).toEqual({ "hero/Hero.tsx": "own", "breadcrumbs/Breadcrumbs.tsx": "first", "banners/Banners.tsx": "own" });
});
