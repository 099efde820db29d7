import { defineBlock, type BlockProps } from "../../runtime/block.tsx";
import { BlogCard } from "../../ui/cards/BlogCard.tsx";
import { CardGrid } from "../../ui/Card.tsx";
import { Section } from "../../ui/Section.tsx";
import { blogCardsOptions, type BlogCardsOptions } from "./options.ts";
import "./blog-cards.css";

export function BlogCards({ items, options, title, background, slotId }: BlockProps<BlogCardsOptions>) {
  const shown = options.layout === "featured" ? items.slice(0, 1) : items;
  return (
    <Section title={title} background={background} slotId={slotId} className={`blog-cards blog-cards--${options.layout}`}>
      <CardGrid layout={options.layout === "featured" ? "list" : "grid"}>
        {shown.map((item) => (
          <BlogCard key={item.key} item={item} />
        ))}
      </CardGrid>
    </Section>
  );
}

export const block = defineBlock(blogCardsOptions, BlogCards);
