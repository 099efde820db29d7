import { defineBlock, type BlockProps } from "../../runtime/block.tsx";
import { ContentImage } from "../../ui/ContentImage.tsx";
import { SafeHtml } from "../../ui/SafeHtml.tsx";
import { Section } from "../../ui/Section.tsx";
import { SmartLink } from "../../ui/SmartLink.tsx";
import { toPlainText } from "../../ui/text.ts";
import type { PanelsOptions } from "./options.ts";
import "./panels.css";

/** Image-and-text panels; each takes its side from `direction`, else alternates starting with the image on the left. */
export function Panels({ items, options, title, background, slotId }: BlockProps<PanelsOptions>) {
  return (
    <Section title={title} background={background} slotId={slotId} className="panels">
      <div className="panels__list">
        {items.map((item, index) => {
          const side = item.direction ?? (index % 2 === 0 ? "Left" : "Right");
          const name = toPlainText(item.title);
          return (
            <article key={item.key} className={`panel panel--image-${side.toLowerCase()}`} data-direction={side}>
              <ContentImage className="panel__image" src={item.image} alt="" ratio={[3, 2]} />
              <div className="panel__body">
                <h3 className="panel__title">{name}</h3>
                <SafeHtml className="panel__text" html={item.shortDesc} />
                {item.link && (
                  <SmartLink className="button" href={item.link} aria-label={`${options.linkLabel}: ${name}`}>
                    {options.linkLabel}
                  </SmartLink>
                )}
              </div>
            </article>
          );
        })}
      </div>
    </Section>
  );
}

export const block = defineBlock<PanelsOptions>("panels", Panels);
