import { defineBlock, type BlockProps } from "../../runtime/block.tsx";
import { Card, CardGrid } from "../../ui/Card.tsx";
import { ContentImage } from "../../ui/ContentImage.tsx";
import { SafeHtml } from "../../ui/SafeHtml.tsx";
import { Section } from "../../ui/Section.tsx";
import { SmartLink } from "../../ui/SmartLink.tsx";
import { toPlainText } from "../../ui/text.ts";
import { thumbnailsOptions, type ThumbnailsOptions } from "./options.ts";

export function Thumbnails({ items, options, title, background, slotId }: BlockProps<ThumbnailsOptions>) {
  return (
    <Section title={title} background={background} slotId={slotId} className="thumbnails">
      <CardGrid layout={options.layout}>
        {items.map((item) => {
          const name = toPlainText(item.title);
          return (
            <Card key={item.key} className="card--media">
              <ContentImage src={item.image} alt="" ratio={[4, 3]} />
              <div className="card__body">
                <h3 className="card__title">{name}</h3>
                <SafeHtml className="card__text" html={item.shortDesc} />
                {item.link && (
                  <SmartLink className="card__link" href={item.link} aria-label={`${options.linkLabel}: ${name}`}>
                    {options.linkLabel}
                  </SmartLink>
                )}
              </div>
            </Card>
          );
        })}
      </CardGrid>
    </Section>
  );
}

export const block = defineBlock(thumbnailsOptions, Thumbnails);
