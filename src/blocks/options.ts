/**
 * Every block's options schema, without its component: what check:layouts validates layout
 * options against and what the generated layout JSON Schema offers for autocompletion.
 */
import type * as z from "zod/mini";
import type { BlockName } from "../runtime/registry.ts";
import { bannersOptions } from "./banners/options.ts";
import { articleDetailOptions } from "./article-detail/options.ts";
import { breadcrumbsOptions } from "./breadcrumbs/options.ts";
import { carouselOptions } from "./carousel/options.ts";
import { cardsOptions } from "./cards/options.ts";
import { contactFormOptions } from "./contact-form/options.ts";
import { contentListOptions } from "./content-list/options.ts";
import { faqOptions } from "./faq/options.ts";
import { fixedImageOptions } from "./fixed-image/options.ts";
import { heroOptions } from "./hero/options.ts";
import { heroSliderOptions } from "./hero-slider/options.ts";
import { iconsOptions } from "./icons/options.ts";
import { infographicsOptions } from "./infographics/options.ts";
import { officeMapOptions } from "./office-map/options.ts";
import { mediaOptions } from "./media/options.ts";
import { panelsOptions } from "./panels/options.ts";
import { richTextOptions } from "./rich-text/options.ts";
import { testimonialsOptions } from "./testimonials/options.ts";
import { textSectionOptions } from "./text-section/options.ts";
import { thoughtPaperDownloadOptions } from "./thought-paper-download/options.ts";
import { thumbnailsOptions } from "./thumbnails/options.ts";
import { videoOptions } from "./video/options.ts";

export const blockOptions = {
  hero: heroOptions,
  breadcrumbs: breadcrumbsOptions,
  "hero-slider": heroSliderOptions,
  "rich-text": richTextOptions,
  "fixed-image": fixedImageOptions,
  icons: iconsOptions,
  thumbnails: thumbnailsOptions,
  panels: panelsOptions,
  testimonials: testimonialsOptions,
  cards: cardsOptions,
  faq: faqOptions,
  infographics: infographicsOptions,
  carousel: carouselOptions,
  video: videoOptions,
  "contact-form": contactFormOptions,
  "office-map": officeMapOptions,
  "text-section": textSectionOptions,
  banners: bannersOptions,
  media: mediaOptions,
  "content-list": contentListOptions,
  "article-detail": articleDetailOptions,
  "thought-paper-download": thoughtPaperDownloadOptions,
} satisfies Record<BlockName, z.ZodMiniType>;
