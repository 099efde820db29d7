import { useId, useState } from "react";
import { defineBlock, type BlockProps } from "../../runtime/block.tsx";
import { SafeHtml } from "../../ui/SafeHtml.tsx";
import { Section } from "../../ui/Section.tsx";
import { toPlainText } from "../../ui/text.ts";
import { faqOptions, type FaqOptions } from "./options.ts";
import "./faq.css";

/** WAI-ARIA accordion; one answer open at a time (SPEC 4 "FAQ items"). */
export function Faq({ items, options, title, background, slotId }: BlockProps<FaqOptions>) {
  const baseId = useId();
  const [open, setOpen] = useState<string | null>(options.openFirst ? (items[0]?.key ?? null) : null);
  return (
    <Section title={title} background={background} slotId={slotId} className="faq">
      <div className="faq__list">
        {items.map((item, index) => {
          const expanded = open === item.key;
          const buttonId = `${baseId}-q${index}`;
          const panelId = `${baseId}-a${index}`;
          return (
            <div key={item.key} className={`faq__item ${expanded ? "is-active" : ""}`}>
              <h3 className="faq__question">
                <button
                  type="button"
                  id={buttonId}
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  onClick={() => setOpen(expanded ? null : item.key)}
                >
                  <span>{toPlainText(item.title)}</span>
                  <span className="faq__icon" aria-hidden="true" />
                </button>
              </h3>
              <div id={panelId} role="region" aria-labelledby={buttonId} className="faq__answer" hidden={!expanded}>
                <SafeHtml html={item.longDesc ?? item.shortDesc} />
              </div>
            </div>
          );
        })}
      </div>
    </Section>
  );
}

export const block = defineBlock(faqOptions, Faq);
