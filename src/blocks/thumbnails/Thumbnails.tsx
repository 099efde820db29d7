import type { ContentItem } from "../../content/contract.ts";
import { defineBlock, type BlockProps } from "../../runtime/block.tsx";
import { Card, CardGrid, cardImageSizes } from "../../ui/Card.tsx";
import { ContentImage } from "../../ui/ContentImage.tsx";
import { LazySlider } from "../../ui/LazySlider.tsx";
import { SafeHtml } from "../../ui/SafeHtml.tsx";
import { Section } from "../../ui/Section.tsx";
import { sliderPresets } from "../../ui/sliderSettings.ts";
import { SmartLink } from "../../ui/SmartLink.tsx";
import { toPlainText } from "../../ui/text.ts";
import type { ThumbnailsOptions } from "./options.ts";

function Thumbnail({ item, linkLabel, as }: { item: ContentItem; linkLabel: string; as: "li" | "div" }) {
  const name = toPlainText(item.title);
  return (
    <Card className="card--media" as={as}>
      <ContentImage src={item.image} alt="" ratio={[4, 3]} sizes={cardImageSizes} />
      <div className="card__body">
        <h3 className="card__title">{name}</h3>
        <SafeHtml className="card__text" html={item.shortDesc} />
        {item.link && (
          <SmartLink className="card__link" href={item.link} aria-label={`${linkLabel}: ${name}`}>
            {linkLabel}
          </SmartLink>
        )}
      </div>
    </Card>
  );
}

/** Thumbnail cards in a grid or a list, or the SPEC 9 thumbnail carousel (1, 2, 3 in view). */
export function Thumbnails({ items, options, title, background, slotId }: BlockProps<ThumbnailsOptions>) {
  return (
    <Section title={title} background={background} slotId={slotId} className="thumbnails">
      {options.layout === "carousel" ? (
        <LazySlider
          label={toPlainText(title) || "Highlights"}
          settings={sliderPresets.thumbnails}
          slides={items.map((item) => ({ key: item.key, content: <Thumbnail item={item} linkLabel={options.linkLabel} as="div" /> }))}
        />
      ) : (
        <CardGrid layout={options.layout}>
          {items.map((item) => (
            <Thumbnail key={item.key} item={item} linkLabel={options.linkLabel} as="li" />
          ))}
        </CardGrid>
      )}
    </Section>
  );
}

export const block = defineBlock<ThumbnailsOptions>("thumbnails", Thumbnails);
