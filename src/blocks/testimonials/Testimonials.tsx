import { defineBlock, type BlockProps } from "../../runtime/block.tsx";
import { ContentImage } from "../../ui/ContentImage.tsx";
import { SafeHtml } from "../../ui/SafeHtml.tsx";
import { Section } from "../../ui/Section.tsx";
import { toPlainText } from "../../ui/text.ts";
import type { TestimonialsOptions } from "./options.ts";
import "./testimonials.css";

export function Testimonials({ items, options, title, background, slotId }: BlockProps<TestimonialsOptions>) {
  return (
    <Section title={title} background={background} slotId={slotId} className={`testimonials testimonials--${options.layout}`}>
      <ul className="testimonials__list">
        {items.map((item) => {
          const speaker = toPlainText(item.title);
          return (
            <li key={item.key}>
              <figure className="testimonial">
                <blockquote className="testimonial__quote">
                  <SafeHtml html={item.shortDesc} />
                </blockquote>
                <figcaption className="testimonial__by">
                  {item.image && <ContentImage className="testimonial__photo" src={item.image} alt="" ratio={[1, 1]} />}
                  <span>
                    <strong className="testimonial__name">{speaker}</strong>
                    {item.designation && <span className="testimonial__role">{toPlainText(item.designation)}</span>}
                  </span>
                </figcaption>
              </figure>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

export const block = defineBlock<TestimonialsOptions>("testimonials", Testimonials);
