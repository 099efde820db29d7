/**
 * The component map: every block of registry/blocks.json, each loaded on demand so a page
 * downloads only the blocks it shows. `satisfies` makes the map total and exact: a block in
 * the JSON without a loader, or a loader without a block, fails type checking.
 */
import type { BlockLoaders } from "../runtime/lazyBlocks";

export const blockLoaders = {
  hero: () => import("./hero/Hero").then((m) => m.block),
  "rich-text": () => import("./rich-text/RichText").then((m) => m.block),
  "fixed-image": () => import("./fixed-image/FixedImage").then((m) => m.block),
  icons: () => import("./icons/Icons").then((m) => m.block),
  thumbnails: () => import("./thumbnails/Thumbnails").then((m) => m.block),
  panels: () => import("./panels/Panels").then((m) => m.block),
  testimonials: () => import("./testimonials/Testimonials").then((m) => m.block),
  "case-study-cards": () => import("./case-study-cards/CaseStudyCards").then((m) => m.block),
  "blog-cards": () => import("./blog-cards/BlogCards").then((m) => m.block),
  "thought-paper-cards": () => import("./thought-paper-cards/ThoughtPaperCards").then((m) => m.block),
  faq: () => import("./faq/Faq").then((m) => m.block),
  infographics: () => import("./infographics/Infographics").then((m) => m.block),
  carousel: () => import("./carousel/Carousel").then((m) => m.block),
  video: () => import("./video/Video").then((m) => m.block),
} satisfies BlockLoaders;
