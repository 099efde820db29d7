/**
 * A carousel following the WAI-ARIA carousel pattern: labelled previous/next buttons, each
 * slide a labelled group ("2 of 5"), slides out of view hidden from assistive technology
 * and the tab order, changes announced politely. keen-slider (about 6 KB, no dependencies)
 * gives touch and mouse dragging; SPEC 9 "other carousels": one slide, spacing 50.
 */
import { useKeenSlider } from "keen-slider/react";
import "keen-slider/keen-slider.min.css";
import { useRef, useState } from "react";
import { defineBlock, type BlockProps } from "../../runtime/block.tsx";
import { SafeHtml } from "../../ui/SafeHtml.tsx";
import { Section } from "../../ui/Section.tsx";
import { toPlainText } from "../../ui/text.ts";
import { carouselOptions, type CarouselOptions } from "./options.ts";
import "./carousel.css";

const reducedMotion = () => typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

export function Carousel({ items, options, title, background, slotId }: BlockProps<CarouselOptions>) {
  const [current, setCurrent] = useState(0);
  // The buttons own the current slide; keen-slider reports a new one only when it was dragged there.
  const dragging = useRef(false);
  const [sliderRef, slider] = useKeenSlider<HTMLDivElement>({
    slides: { perView: 1, spacing: 50 },
    defaultAnimation: { duration: 300 },
    dragStarted: () => {
      dragging.current = true;
    },
    slideChanged: (instance) => {
      if (dragging.current) setCurrent(instance.track.details.rel);
    },
    animationEnded: () => {
      dragging.current = false;
    },
  });
  const count = items.length;
  const go = (index: number) => {
    const target = (index + count) % count;
    slider.current?.moveToIdx(target, true, reducedMotion() ? { duration: 0 } : undefined);
    setCurrent(target);
  };
  const label = toPlainText(title) || options.label;

  return (
    <Section title={title} background={background} slotId={slotId} className={`carousel carousel--${options.layout}`}>
      <div className="carousel__frame" role="group" aria-roledescription="carousel" aria-label={label}>
        {count > 1 && (
          <div className="carousel__controls">
            <button type="button" className="carousel__button" aria-label="Previous slide" onClick={() => go(current - 1)}>
              <span aria-hidden="true">‹</span>
            </button>
            <button type="button" className="carousel__button" aria-label="Next slide" onClick={() => go(current + 1)}>
              <span aria-hidden="true">›</span>
            </button>
          </div>
        )}
        <div ref={sliderRef} className="keen-slider carousel__track" aria-live="polite">
          {items.map((item, index) => (
            <div
              key={item.key}
              className="keen-slider__slide carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
              aria-hidden={index !== current}
              inert={index !== current}
            >
              <h3 className="carousel__title">{toPlainText(item.title)}</h3>
              <SafeHtml className="carousel__text" html={item.shortDesc} />
            </div>
          ))}
        </div>
      </div>
    </Section>
  );
}

export const block = defineBlock(carouselOptions, Carousel);
