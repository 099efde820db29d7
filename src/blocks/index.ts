/**
 * The component map: every block of registry/blocks.json and the module that defines it, each
 * loaded on demand so a page downloads only the blocks it shows. `satisfies` makes the map total
 * and exact: a block in the JSON without a module, or a module without a block, fails type
 * checking. The server reads the same map to name each page's block code in its HTML.
 */
import type { BlockDefinition } from "../runtime/block.tsx";
import type { BlockLoaders } from "../runtime/lazyBlocks.ts";
import type { BlockName } from "../runtime/registry.ts";

const blockFiles = {
  hero: "hero/Hero.tsx",
  breadcrumbs: "breadcrumbs/Breadcrumbs.tsx",
  "hero-slider": "hero-slider/HeroSlider.tsx",
  "rich-text": "rich-text/RichText.tsx",
  "fixed-image": "fixed-image/FixedImage.tsx",
  icons: "icons/Icons.tsx",
  thumbnails: "thumbnails/Thumbnails.tsx",
  panels: "panels/Panels.tsx",
  testimonials: "testimonials/Testimonials.tsx",
  cards: "cards/Cards.tsx",
  faq: "faq/Faq.tsx",
  infographics: "infographics/Infographics.tsx",
  carousel: "carousel/Carousel.tsx",
  video: "video/Video.tsx",
  "contact-form": "contact-form/ContactForm.tsx",
  "office-map": "office-map/OfficeMap.tsx",
  "text-section": "text-section/TextSection.tsx",
  banners: "banners/Banners.tsx",
  media: "media/Media.tsx",
  "content-list": "content-list/ContentList.tsx",
  "article-detail": "article-detail/ArticleDetail.tsx",
  "thought-paper-download": "thought-paper-download/ThoughtPaperDownload.tsx",
} as const satisfies Record<BlockName, string>;

const modules = import.meta.glob<{ block: BlockDefinition }>(["./*/*.tsx", "!./*/*.test.tsx"]);

function loader(file: string): () => Promise<BlockDefinition> {
  return async () => {
    const load = modules[`./${file}`];
    if (!load) throw new Error(`no block module src/blocks/${file}`);
    return (await load()).block;
  };
}

export const blockLoaders = Object.fromEntries(Object.entries(blockFiles).map(([name, file]) => [name, loader(file)])) as BlockLoaders;

/** Each block's module, as the build's manifest names it. */
export const blockModules = Object.fromEntries(Object.entries(blockFiles).map(([name, file]) => [name, `src/blocks/${file}`])) as Record<BlockName, string>;
