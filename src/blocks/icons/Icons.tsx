import { defineBlock, type BlockProps } from "../../runtime/block.tsx";
import { Card, CardGrid } from "../../ui/Card.tsx";
import { ContentImage } from "../../ui/ContentImage.tsx";
import { SafeHtml } from "../../ui/SafeHtml.tsx";
import { Section } from "../../ui/Section.tsx";
import { toPlainText } from "../../ui/text.ts";
import type { IconsOptions } from "./options.ts";
import "./icons.css";

export function Icons({ items, options, title, background, slotId }: BlockProps<IconsOptions>) {
  return (
    <Section title={title} background={background} slotId={slotId} className="icons">
      <CardGrid layout={options.layout}>
        {items.map((item) => (
          <Card key={item.key} className="icon-card">
            <ContentImage className="icon-card__icon" src={item.image} alt="" ratio={[1, 1]} fit="contain" />
            <div>
              <h3 className="card__title">{toPlainText(item.title)}</h3>
              <SafeHtml className="card__text" html={item.shortDesc} />
            </div>
          </Card>
        ))}
      </CardGrid>
    </Section>
  );
}

export const block = defineBlock<IconsOptions>("icons", Icons);
