import { defineBlock, type BlockProps } from "../../runtime/block.tsx";
import { Card, CardGrid } from "../../ui/Card.tsx";
import { ContentImage } from "../../ui/ContentImage.tsx";
import { LazySlider } from "../../ui/LazySlider.tsx";
import { Section } from "../../ui/Section.tsx";
import { sliderPresets } from "../../ui/sliderSettings.ts";
import { SmartLink } from "../../ui/SmartLink.tsx";
import { formatDate, toPlainText } from "../../ui/text.ts";
import { joinPath } from "../../ui/url.ts";
import { blogCardsOptions, type BlogCardsOptions } from "./options.ts";
import "./blog-cards.css";

export const defaultAuthorImage = "/images/default-author.svg";

/** SPEC 2.8: author image (or the default), author name, date, and the title linking to /blogs{anchorlink}. */
export function BlogCard({ item, as = "li" }: { item: BlockProps<BlogCardsOptions>["items"][number]; as?: "li" | "div" }) {
  const name = toPlainText(item.title);
  const href = joinPath("/blogs", item.anchorlink);
  const date = formatDate(item.date);
  return (
    <Card className="blog-card" as={as}>
      <div className="blog-card__byline">
        <ContentImage className="blog-card__author-image" src={item.authorImage || defaultAuthorImage} alt="" ratio={[1, 1]} />
        <span>
          {item.authorName && <span className="blog-card__author">{toPlainText(item.authorName)}</span>}
          {date && <time dateTime={item.date ?? undefined}>{date}</time>}
        </span>
      </div>
      <h3 className="card__title">
        {href ? <SmartLink className="card__title-link" href={href}>{name}</SmartLink> : name}
      </h3>
    </Card>
  );
}

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
