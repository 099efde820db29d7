import { defineBlock, type BlockProps } from "../../runtime/block.tsx";
import { Card, CardGrid } from "../../ui/Card.tsx";
import { ContentImage } from "../../ui/ContentImage.tsx";
import { Section } from "../../ui/Section.tsx";
import { SmartLink } from "../../ui/SmartLink.tsx";
import { currentAddress, storedKeys, writeStored } from "../../ui/storedValues.ts";
import { toPlainText } from "../../ui/text.ts";
import { truncate } from "../../ui/truncate.ts";
import { joinPath } from "../../ui/url.ts";
import { thoughtPaperCardsOptions, type ThoughtPaperCardsOptions } from "./options.ts";

/** SPEC 2.8: the long description cut to 50 characters and a fixed "READ MORE" link. */
export function ThoughtPaperCard({ item, base = "/thoughtPapers" }: { item: BlockProps<ThoughtPaperCardsOptions>["items"][number]; base?: string }) {
  const name = toPlainText(item.title);
  const href = joinPath(base, item.anchorlink);
  return (
    <Card className="card--media">
      <ContentImage src={item.image} alt="" ratio={[16, 10]} />
      <div className="card__body">
        <h3 className="card__title">{name}</h3>
        <p className="card__text">{truncate(toPlainText(item.longDesc), 50)}</p>
        {href && (
          <SmartLink
            className="card__link"
            href={href}
            aria-label={`Read more: ${name}`}
            onClick={() => writeStored(storedKeys.parentPage, currentAddress())}
          >
            READ MORE
          </SmartLink>
        )}
      </div>
    </Card>
  );
}

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
