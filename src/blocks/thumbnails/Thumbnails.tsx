import { defineBlock, type BlockProps } from "../../runtime/block";
import { Card, CardGrid } from "../../ui/Card";
import { ContentImage } from "../../ui/ContentImage";
import { SafeHtml } from "../../ui/SafeHtml";
import { Section } from "../../ui/Section";
import { SmartLink } from "../../ui/SmartLink";
import { toPlainText } from "../../ui/text";
import { thumbnailsOptions, type ThumbnailsOptions } from "./options";

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
