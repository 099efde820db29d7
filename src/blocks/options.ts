/**
 * Every block's options schema, without its component: what check:layouts validates layout
 * options against and what the generated layout JSON Schema offers for autocompletion.
 */
import type * as z from "zod/mini";
import type { BlockName } from "../runtime/registry";
import { blogCardsOptions } from "./blog-cards/options";
import { carouselOptions } from "./carousel/options";
import { caseStudyCardsOptions } from "./case-study-cards/options";
import { faqOptions } from "./faq/options";
import { fixedImageOptions } from "./fixed-image/options";
import { heroOptions } from "./hero/options";
import { iconsOptions } from "./icons/options";
import { infographicsOptions } from "./infographics/options";
import { panelsOptions } from "./panels/options";
import { richTextOptions } from "./rich-text/options";
import { testimonialsOptions } from "./testimonials/options";
import { thoughtPaperCardsOptions } from "./thought-paper-cards/options";
import { thumbnailsOptions } from "./thumbnails/options";
import { videoOptions } from "./video/options";

export const blockOptions = {
  hero: heroOptions,
  "rich-text": richTextOptions,
  "fixed-image": fixedImageOptions,
  icons: iconsOptions,
  thumbnails: thumbnailsOptions,
  panels: panelsOptions,
  testimonials: testimonialsOptions,
  "case-study-cards": caseStudyCardsOptions,
  "blog-cards": blogCardsOptions,
  "thought-paper-cards": thoughtPaperCardsOptions,
  faq: faqOptions,
  infographics: infographicsOptions,
  carousel: carouselOptions,
  video: videoOptions,
} satisfies Record<BlockName, z.ZodMiniType>;
