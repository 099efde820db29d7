import { defineBlock, type BlockProps } from "../../runtime/block.tsx";
import { CaseStudyCard } from "../../ui/cards/CaseStudyCard.tsx";
import { CardGrid } from "../../ui/Card.tsx";
import { Section } from "../../ui/Section.tsx";
import { caseStudyCardsOptions, type CaseStudyCardsOptions } from "./options.ts";

export function CaseStudyCards({ items, options, title, background, slotId }: BlockProps<CaseStudyCardsOptions>) {
  return (
    <Section title={title} background={background} slotId={slotId} className="case-study-cards">
      <CardGrid layout={options.layout}>
        {items.map((item) => (
          <CaseStudyCard key={item.key} item={item} />
        ))}
      </CardGrid>
    </Section>
  );
}

export const block = defineBlock(caseStudyCardsOptions, CaseStudyCards);
