import { defineBlock, type BlockProps } from "../../runtime/block.tsx";
import type { ContentItem } from "../../content/contract.ts";
import { ContentImage } from "../../ui/ContentImage.tsx";
import { LazySlider } from "../../ui/LazySlider.tsx";
import { SafeHtml } from "../../ui/SafeHtml.tsx";
import { Section } from "../../ui/Section.tsx";
import { sliderPresets } from "../../ui/sliderSettings.ts";
import { toPlainText } from "../../ui/text.ts";
import type { InfographicsOptions } from "./options.ts";
import "./infographics.css";

function Figure({ item, showImage }: { item: ContentItem; showImage: boolean }) {
  return (
    <>
      {showImage && item.image && <ContentImage className="infographic__image" src={item.image} alt="" ratio={[1, 1]} fit="contain" />}
      {item.number && <p className="infographic__number">{item.number}</p>}
      <h3 className="infographic__title">{toPlainText(item.title)}</h3>
      <SafeHtml className="infographic__text" html={item.shortDesc} />
    </>
  );
}

/** Key figures: a list, or the SPEC 9 infographic carousel (autoplay 3500 ms, loop, 1 / 1.5 / 3 in view). */
export function Infographics({ items, options, title, background, slotId }: BlockProps<InfographicsOptions>) {
  return (
    <Section title={title} background={background} slotId={slotId} className={`infographics ${options.layout === "carousel" ? "infographics--carousel" : ""}`}>
      {options.layout === "carousel" ? (
        <LazySlider
          label={toPlainText(title) || "Key figures"}
          settings={sliderPresets.infographics}
          slides={items.map((item) => ({
            key: item.key,
            content: (
              <div className="infographic">
                <Figure item={item} showImage={options.showImages} />
              </div>
            ),
          }))}
        />
      ) : (
        <ul className="infographics__list">
          {items.map((item) => (
            <li key={item.key} className="infographic">
              <Figure item={item} showImage={options.showImages} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export const block = defineBlock<InfographicsOptions>("infographics", Infographics);
