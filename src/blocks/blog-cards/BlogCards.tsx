import { defineBlock, type BlockProps } from "../../runtime/block.tsx";
import { BlogCard } from "../../ui/cards/BlogCard.tsx";
import { CardGrid } from "../../ui/Card.tsx";
import { LazySlider } from "../../ui/LazySlider.tsx";
import { Section } from "../../ui/Section.tsx";
import { sliderPresets } from "../../ui/sliderSettings.ts";
import { toPlainText } from "../../ui/text.ts";
import { blogCardsOptions, type BlogCardsOptions } from "./options.ts";
import "./blog-cards.css";

/** Blog cards in a grid, the first one featured, or the SPEC 9 blog carousel (1; 2 from 750 px; 3 from 1100 px). */
export function BlogCards({ items, options, title, background, slotId }: BlockProps<BlogCardsOptions>) {
  const shown = options.layout === "featured" ? items.slice(0, 1) : items;
  return (
    <Section title={title} background={background} slotId={slotId} className={`blog-cards blog-cards--${options.layout}`}>
      {options.layout === "carousel" ? (
        <LazySlider
          label={toPlainText(title) || "Blogs"}
          settings={sliderPresets.blogs}
          slides={items.map((item) => ({ key: item.key, content: <BlogCard item={item} as="div" /> }))}
        />
      ) : (
        <CardGrid layout={options.layout === "featured" ? "list" : "grid"}>
          {shown.map((item) => (
            <BlogCard key={item.key} item={item} />
          ))}
        </CardGrid>
      )}
    </Section>
  );
}

export const block = defineBlock(blogCardsOptions, BlogCards);
