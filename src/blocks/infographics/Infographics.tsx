import { defineBlock, type BlockProps } from "../../runtime/block.tsx";
import { ContentImage } from "../../ui/ContentImage.tsx";
import { SafeHtml } from "../../ui/SafeHtml.tsx";
import { Section } from "../../ui/Section.tsx";
import { toPlainText } from "../../ui/text.ts";
import { infographicsOptions, type InfographicsOptions } from "./options.ts";
import "./infographics.css";

export function Infographics({ items, options, title, background, slotId }: BlockProps<InfographicsOptions>) {
  return (
    <Section title={title} background={background} slotId={slotId} className="infographics">
      <ul className="infographics__list">
        {items.map((item) => (
          <li key={item.key} className="infographic">
            {options.showImages && item.image && <ContentImage className="infographic__image" src={item.image} alt="" ratio={[1, 1]} fit="contain" />}
            {item.number && <p className="infographic__number">{item.number}</p>}
            <h3 className="infographic__title">{toPlainText(item.title)}</h3>
            <SafeHtml className="infographic__text" html={item.shortDesc} />
          </li>
        ))}
      </ul>
    </Section>
  );
}

export const block = defineBlock(infographicsOptions, Infographics);
