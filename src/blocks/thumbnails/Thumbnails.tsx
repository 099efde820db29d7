import type { ContentItem } from "../../content/contract.ts";
import { defineBlock, type BlockProps } from "../../runtime/block.tsx";
import { Card, CardGrid, cardImageSizes } from "../../ui/Card.tsx";
import { ItemText } from "../../ui/cards/ItemText.tsx";
import { ContentImage } from "../../ui/ContentImage.tsx";
import { LazySlider } from "../../ui/LazySlider.tsx";
import { Section } from "../../ui/Section.tsx";
import { sliderPresets } from "../../ui/sliderSettings.ts";
import { toPlainText } from "../../ui/text.ts";
import type { ThumbnailsOptions } from "./options.ts";

function Thumbnail({ item, linkLabel, as }: { item: ContentItem; linkLabel: string; as: "li" | "div" }) {
  return (
    <Card className="card--media" as={as}>
      <ContentImage src={item.image} alt="" ratio={[4, 3]} sizes={cardImageSizes} />
      <ItemText item={item} name="card" linkLabel={linkLabel} linkClassName="card__link" />
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
