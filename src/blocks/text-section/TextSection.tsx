/**
 * A fixed section of a page (SPEC 2.3 items 9 and 10, e.g. the marketing automation page's
 * "solution benefits" or a contact-us call to action): its heading is the slot's title, its
 * text and link come from text resources or page fields the layout names. No words live here.
 * Without text or a link there is nothing to show, and nothing is shown.
 */
import { defineBlock, type BlockProps } from "../../runtime/block.tsx";
import { useLayoutText } from "../../runtime/siteData.ts";
import { SafeHtml } from "../../ui/SafeHtml.tsx";
import { Section } from "../../ui/Section.tsx";
import { SmartLink } from "../../ui/SmartLink.tsx";
import { toPlainText } from "../../ui/text.ts";
import { safeUrl } from "../../ui/url.ts";
import type { TextSectionOptions } from "./options.ts";
import "./text-section.css";

export function TextSection({ page, options, title, background, slotId }: BlockProps<TextSectionOptions>) {
  const text = useLayoutText(page);
  const body = text(options.text);
  const { link } = options;
  const href = link ? safeUrl(typeof link.href === "string" ? link.href : text(link.href)) : null;
  const label = link ? toPlainText(text(link.label)) : "";
  const action = href && label ? { href, label } : null;
  if (!body?.trim() && !action) return null;
  return (
    <Section title={title} background={background} slotId={slotId} className={`text-section text-section--${options.style}`}>
      <SafeHtml className="prose text-section__text" html={body} />
      {action && (
        <p className="text-section__action">
          <SmartLink className="button" href={action.href}>
            {action.label}
          </SmartLink>
        </p>
      )}
    </Section>
  );
}

export const block = defineBlock<TextSectionOptions>("text-section", TextSection);
