/**
 * A carousel of titled slides: SPEC 9 "other carousels" (one slide, spacing 50), rotating on
 * its own only when the layout asks for it, at the slider default of 3000 ms.
 */
import { defineBlock, type BlockProps } from "../../runtime/block.tsx";
import { SafeHtml } from "../../ui/SafeHtml.tsx";
import { Section } from "../../ui/Section.tsx";
import { Slider } from "../../ui/Slider.tsx";
import { sliderDefaults, sliderPresets } from "../../ui/sliderSettings.ts";
import { toPlainText } from "../../ui/text.ts";
import type { CarouselOptions } from "./options.ts";
import "./carousel.css";

export function Carousel({ items, options, title, background, slotId }: BlockProps<CarouselOptions>) {
  const settings = { ...sliderPresets.other, autoplayMs: options.autoplay ? sliderDefaults.autoplayMs : null };
  const slides = items.map((item) => ({
    key: item.key,
    content: (
      <div className="carousel__slide">
        <h3 className="carousel__title">{toPlainText(item.title)}</h3>
        <SafeHtml className="carousel__text" html={item.shortDesc} />
      </div>
    ),
  }));
  return (
    <Section title={title} background={background} slotId={slotId} className={`carousel carousel--${options.layout}`}>
      <Slider label={toPlainText(title) || options.label} slides={slides} settings={settings} />
    </Section>
  );
}

export const block = defineBlock<CarouselOptions>("carousel", Carousel);
