import { defineBlock, type BlockProps } from "../../runtime/block.tsx";
import { Card, CardGrid } from "../../ui/Card.tsx";
import { ContentImage } from "../../ui/ContentImage.tsx";
import { Section } from "../../ui/Section.tsx";
import { SmartLink } from "../../ui/SmartLink.tsx";
import { currentAddress, storedKeys, writeStored } from "../../ui/storedValues.ts";
import { toPlainText } from "../../ui/text.ts";
import { capitalise, truncate } from "../../ui/truncate.ts";
import { joinPath } from "../../ui/url.ts";
import { caseStudyCardsOptions, type CaseStudyCardsOptions } from "./options.ts";

/** SPEC 2.8: title cut to 43 characters, short description to 50 and capitalised, a fixed "VIEW SUCCESS STORY" link. */
export function CaseStudyCard({ item }: { item: BlockProps<CaseStudyCardsOptions>["items"][number] }) {
  const name = toPlainText(item.title);
  const href = joinPath("/casestudies", item.anchorlink);
  return (
    <Card className="card--media">
      <ContentImage src={item.image} alt="" ratio={[16, 10]} />
      <div className="card__body">
        <h3 className="card__title" title={name}>
          {truncate(name, 43)}
        </h3>
        <p className="card__text">{capitalise(truncate(toPlainText(item.shortDesc), 50))}</p>
        {href && (
          <SmartLink
            className="card__link"
            href={href}
            aria-label={`View success story: ${name}`}
            onClick={() => writeStored(storedKeys.parentPage, currentAddress())}
          >
            VIEW SUCCESS STORY
          </SmartLink>
        )}
      </div>
    </Card>
  );
}

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
