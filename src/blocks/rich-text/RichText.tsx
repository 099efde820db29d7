import { defineBlock, type BlockProps } from "../../runtime/block.tsx";
import { SafeHtml } from "../../ui/SafeHtml.tsx";
import { Section } from "../../ui/Section.tsx";
import type { RichTextOptions } from "./options.ts";

/** Editor HTML from the page (the long description with its infographics), sanitized. */
export function RichText({ page, options, title, background, slotId }: BlockProps<RichTextOptions>) {
  const html = page[options.field];
  if (!html?.trim()) return null;
  return (
    <Section title={title} background={background} slotId={slotId} className="section--prose">
      <SafeHtml className="prose" html={html} />
    </Section>
  );
}

export const block = defineBlock<RichTextOptions>("rich-text", RichText);
