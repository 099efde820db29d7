/**
 * The component map: every block of registry/blocks.json, each loaded on demand so a page
 * downloads only the blocks it shows. `satisfies` makes the map total and exact: a block in
 * the JSON without a loader, or a loader without a block, fails type checking.
 */
import type { BlockLoaders } from "../runtime/lazyBlocks.ts";

export const blockLoaders = {
  hero: () => import("./hero/Hero.tsx").then((m) => m.block),
  breadcrumbs: () => import("./breadcrumbs/Breadcrumbs.tsx").then((m) => m.block),
  "hero-slider": () => import("./hero-slider/HeroSlider.tsx").then((m) => m.block),
  "rich-text": () => import("./rich-text/RichText.tsx").then((m) => m.block),
  "fixed-image": () => import("./fixed-image/FixedImage.tsx").then((m) => m.block),
  icons: () => import("./icons/Icons.tsx").then((m) => m.block),
  thumbnails: () => import("./thumbnails/Thumbnails.tsx").then((m) => m.block),
  panels: () => import("./panels/Panels.tsx").then((m) => m.block),
  testimonials: () => import("./testimonials/Testimonials.tsx").then((m) => m.block),
  "case-study-cards": () => import("./case-study-cards/CaseStudyCards.tsx").then((m) => m.block),
  "blog-cards": () => import("./blog-cards/BlogCards.tsx").then((m) => m.block),
  "thought-paper-cards": () => import("./thought-paper-cards/ThoughtPaperCards.tsx").then((m) => m.block),
  faq: () => import("./faq/Faq.tsx").then((m) => m.block),
  infographics: () => import("./infographics/Infographics.tsx").then((m) => m.block),
  carousel: () => import("./carousel/Carousel.tsx").then((m) => m.block),
  video: () => import("./video/Video.tsx").then((m) => m.block),
  "contact-form": () => import("./contact-form/ContactForm.tsx").then((m) => m.block),
  "office-map": () => import("./office-map/OfficeMap.tsx").then((m) => m.block),
  "text-section": () => import("./text-section/TextSection.tsx").then((m) => m.block),
  banners: () => import("./banners/Banners.tsx").then((m) => m.block),
  media: () => import("./media/Media.tsx").then((m) => m.block),
  "content-list": () => import("./content-list/ContentList.tsx").then((m) => m.block),
  "article-detail": () => import("./article-detail/ArticleDetail.tsx").then((m) => m.block),
  "thought-paper-download": () => import("./thought-paper-download/ThoughtPaperDownload.tsx").then((m) => m.block),
} satisfies BlockLoaders;
