import { defineBlock, type BlockProps } from "../../runtime/block.tsx";
import { ItemText } from "../../ui/cards/ItemText.tsx";
import { ContentImage } from "../../ui/ContentImage.tsx";
import { Section } from "../../ui/Section.tsx";
import type { PanelsOptions } from "./options.ts";
import "./panels.css";

/** Image-and-text panels; each takes its side from `direction`, else alternates starting with the image on the left. */
export function Panels({ items, options, title, background, slotId }: BlockProps<PanelsOptions>) {
  return (
    <Section title={title} background={background} slotId={slotId} className="panels">
      <div className="panels__list">
        {items.map((item, index) => {
          const side = item.direction ?? (index % 2 === 0 ? "Left" : "Right");
          return (
            <article key={item.key} className={`panel panel--image-${side.toLowerCase()}`} data-direction={side}>
              <ContentImage className="panel__image" src={item.image} alt="" ratio={[3, 2]} />
              <ItemText item={item} name="panel" linkLabel={options.linkLabel} linkClassName="button" />
            </article>
          );
        })}
      </div>
    </Section>
  );
}

export const block = defineBlock<PanelsOptions>("panels", Panels);
