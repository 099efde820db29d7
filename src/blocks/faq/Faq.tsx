import { useId, useLayoutEffect, useRef, useState } from "react";
import { defineBlock, type BlockProps } from "../../runtime/block.tsx";
import { detailsToggle, summaryClick, useTakenOver } from "../../ui/disclosure.ts";
import { SafeHtml } from "../../ui/SafeHtml.tsx";
import { Section } from "../../ui/Section.tsx";
import { toPlainText } from "../../ui/text.ts";
import type { FaqOptions } from "./options.ts";
import "./faq.css";

/**
 * WAI-ARIA accordion; one answer open at a time (SPEC 4 "FAQ items"). Each item is a <details>
 * sharing a `name` with the others, so it works from the HTML before the code arrives (the
 * browser keeps one open); the code then takes over what the visitor opened (../../ui/disclosure.ts).
 */
export function Faq({ items, options, title, background, slotId }: BlockProps<FaqOptions>) {
  const baseId = useId();
  const [open, setOpen] = useState<string | null>(options.openFirst ? (items[0]?.key ?? null) : null);
  const takenOver = useTakenOver();
  const list = useRef<HTMLDivElement>(null);
  // Over the server's HTML: the answer the visitor opened before the code ran stays open. Read in
  // the hydrating commit, before the browser hands the code the visitor's next tap (../../ui/disclosure.ts).
  useLayoutEffect(() => {
    const shown = list.current?.querySelector<HTMLElement>("details[open]")?.dataset.item;
    if (shown !== undefined) setOpen(shown);
  }, []);
  const show = (key: string) => (shown: boolean) => setOpen((current) => (shown ? key : current === key ? null : current));
  return (
    <Section title={title} background={background} slotId={slotId} className="faq">
      <div ref={list} className="faq__list">
        {items.map((item, index) => {
          const expanded = open === item.key;
          const buttonId = `${baseId}-q${index}`;
          const panelId = `${baseId}-a${index}`;
          return (
            <details key={item.key} name={`${baseId}-faq`} data-item={item.key} open={expanded} onToggle={detailsToggle(show(item.key))} className={`faq__item ${expanded ? "is-active" : ""}`}>
              <summary id={buttonId} className="faq__summary" aria-expanded={takenOver ? expanded : undefined} aria-controls={panelId} onClick={summaryClick(show(item.key))}>
                <h3 className="faq__question">{toPlainText(item.title)}</h3>
                <span className="faq__icon" aria-hidden="true" />
              </summary>
              <div id={panelId} role="region" aria-labelledby={buttonId} className="faq__answer">
                <SafeHtml html={item.longDesc ?? item.shortDesc} />
              </div>
            </details>
          );
        })}
      </div>
    </Section>
  );
}

export const block = defineBlock<FaqOptions>("faq", Faq);
