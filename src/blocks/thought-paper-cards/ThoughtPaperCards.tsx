import { defineBlock, type BlockProps } from "../../runtime/block.tsx";
import { ThoughtPaperCard } from "../../ui/cards/ThoughtPaperCard.tsx";
import { CardGrid } from "../../ui/Card.tsx";
import { Section } from "../../ui/Section.tsx";
import { thoughtPaperCardsOptions, type ThoughtPaperCardsOptions } from "./options.ts";

export function ThoughtPaperCards({ items, options, title, background, slotId }: BlockProps<ThoughtPaperCardsOptions>) {
  return (
    <Section title={title} background={background} slotId={slotId} className="thought-paper-cards">
      <CardGrid layout={options.layout}>
        {items.map((item) => (
          <ThoughtPaperCard key={item.key} item={item} />
        ))}
      </CardGrid>
    </Section>
  );
}

export const block = defineBlock(thoughtPaperCardsOptions, ThoughtPaperCards);
