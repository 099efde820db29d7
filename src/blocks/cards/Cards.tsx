import type { ContentItem } from "../../content/contract.ts";
import { contentTypeName } from "../../content/names.ts";
import { defineBlock, type BlockProps } from "../../runtime/block.tsx";
import { CardGrid } from "../../ui/Card.tsx";
import { cardListLabels, isCardContentType, type CardContentType } from "../../ui/cards/cardTypes.ts";
import { ContentCard } from "../../ui/cards/ContentCard.tsx";
import { LazySlider } from "../../ui/LazySlider.tsx";
import { Section } from "../../ui/Section.tsx";
import { sliderPresets } from "../../ui/sliderSettings.ts";
import { toPlainText } from "../../ui/text.ts";
import type { CardsOptions } from "./options.ts";
import "./cards.css";

/** The items that have a card, each with its content type. */
function typed(items: ContentItem[]): { item: ContentItem; type: CardContentType }[] {
  return items.flatMap((item) => {
    const type = item.type === null ? undefined : contentTypeName(item.type);
    return isCardContentType(type) ? [{ item, type }] : [];
  });
}

/** Cards of blogs, case studies or thought papers in a grid, a list, the first one featured, or the SPEC 9 card carousel. */
export function Cards({ items, options, title, background, slotId }: BlockProps<CardsOptions>) {
  const cards = typed(items);
  const shown = options.layout === "featured" ? cards.slice(0, 1) : cards;
  const first = cards[0];
  return (
    <Section title={title} background={background} slotId={slotId} className={`cards cards--${options.layout}`}>
      {options.layout === "carousel" ? (
        <LazySlider
          label={toPlainText(title) || (first ? cardListLabels[first.type] : "Cards")}
          settings={sliderPresets.blogs}
          slides={cards.map(({ item, type }) => ({ key: item.key, content: <ContentCard type={type} item={item} as="div" /> }))}
        />
      ) : (
        <CardGrid layout={options.layout === "grid" ? "grid" : "list"}>
          {shown.map(({ item, type }) => (
            <ContentCard key={item.key} type={type} item={item} />
          ))}
        </CardGrid>
      )}
    </Section>
  );
}

export const block = defineBlock<CardsOptions>("cards", Cards);
