/**
 * A header band (the premedia page headers of SPEC 2.3 item 4): the items a tag selects,
 * whatever their type, the first one large with its image beside its text, the rest in a row.
 */
import { defineBlock, type BlockProps } from "../../runtime/block.tsx";
import { ItemText } from "../../ui/cards/ItemText.tsx";
import { ContentImage } from "../../ui/ContentImage.tsx";
import { Section } from "../../ui/Section.tsx";
import { safeUrl } from "../../ui/url.ts";
import type { BannersOptions } from "./options.ts";
import "./banners.css";

export function Banners({ items, options, title, background, slotId }: BlockProps<BannersOptions>) {
  return (
    <Section title={title} background={background} slotId={slotId} className="banners">
      <div className="banners__list">
        {items.map((item) => (
          <article key={item.key} className="banner">
            {safeUrl(item.image) && <ContentImage className="banner__image" src={item.image} alt="" ratio={[16, 9]} fit="contain" />}
            <ItemText item={item} name="banner" linkLabel={options.linkLabel} linkClassName="card__link" />
          </article>
        ))}
      </div>
    </Section>
  );
}

export const block = defineBlock<BannersOptions>("banners", Banners);
