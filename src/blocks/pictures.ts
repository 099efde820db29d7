/**
 * The pictures each block shows, in the order it shows them, read from the same fields and
 * options as its component: the page loader picks the first screen's pictures from them
 * (src/runtime/loadPage.ts). A slot's section background is counted by the runtime; a block
 * not named here shows no picture (text, FAQ, forms, breadcrumbs, the headline slider), or shows
 * it only below a hero that is always the page's first (the thought paper's download). Loaded
 * with the first page the browser resolves itself (not with the app's first code); the server
 * and hydration use the server's answer.
 */
import type * as z from "zod/mini";
import { contentTypeName, type ContentItem } from "../content/contract.ts";
import type { BlockPictures } from "../runtime/context.tsx";
import { checkSlotOptions, type OptionsSchema, type RenderSlot } from "../runtime/slots.ts";
import { defaultAuthorImage } from "../ui/cards/BlogCard.tsx";
import { safeUrl } from "../ui/url.ts";
import { isCardContentType, type CardContentType } from "../ui/cards/cardTypes.ts";
import { articleDetailOptions } from "./article-detail/options.ts";
import { cardsOptions } from "./cards/options.ts";
import { isListData } from "./content-list/listResult.ts";
import { contentListOptions } from "./content-list/options.ts";
import { fixedImageOptions } from "./fixed-image/options.ts";
import { heroOptions } from "./hero/options.ts";
import { heroPicture } from "./hero/picture.ts";
import { infographicsOptions } from "./infographics/options.ts";
import { mediaFiles } from "./media/mediaFiles.ts";
import { videoOptions } from "./video/options.ts";

/** The slot's options as its block will read them; null when they are invalid (the block shows an error, no picture). */
function optionsOf<S extends OptionsSchema>(schema: S, slot: RenderSlot): z.output<S> | null {
  const checked = checkSlotOptions(schema, slot);
  return checked.outcome === "invalid" ? null : checked.options;
}

const itemImages = (slot: RenderSlot) => slot.items.map((item) => item.image);

/** A card's picture (src/ui/cards/ContentCard.tsx): a blog's author (or the default), else the item's image. */
const cardPicture = (item: ContentItem, type: CardContentType) => (type === "Blogs" ? (item.authorImage ?? defaultAuthorImage) : item.image);

export const blockPictures: BlockPictures = {
  hero: (slot, page) => {
    const options = optionsOf(heroOptions, slot);
    return options ? [heroPicture(page, options)] : [];
  },
  "fixed-image": (slot, page) => {
    const options = optionsOf(fixedImageOptions, slot);
    return options ? [page[options.field]] : [];
  },
  "article-detail": (slot, page) => {
    const options = optionsOf(articleDetailOptions, slot);
    if (!options) return [];
    return [page[options.image], options.byline ? (page[options.item]?.authorImage ?? defaultAuthorImage) : null];
  },
  panels: itemImages,
  banners: itemImages,
  icons: itemImages,
  thumbnails: itemImages,
  testimonials: itemImages,
  infographics: (slot) => (optionsOf(infographicsOptions, slot)?.showImages ? itemImages(slot) : []),
  media: (slot) => slot.items.map((item) => mediaFiles(item).still),
  // A poster is the video's own attribute (never lazy); only the popup layout shows pictures.
  video: (slot) => (optionsOf(videoOptions, slot)?.layout === "popup" ? slot.items.filter((item) => safeUrl(item.video)).map((item) => item.image) : []),
  cards: (slot) => {
    const options = optionsOf(cardsOptions, slot);
    const cards = slot.items.flatMap((item) => {
      const type = item.type === null ? undefined : contentTypeName(item.type);
      return isCardContentType(type) ? [cardPicture(item, type)] : [];
    });
    return options?.layout === "featured" ? cards.slice(0, 1) : cards;
  },
  "content-list": (slot) => {
    const options = optionsOf(contentListOptions, slot);
    return options && isListData(slot.data) ? (slot.data.result?.items ?? []).map((item) => cardPicture(item, options.contentType)) : [];
  },
};
