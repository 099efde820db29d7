/**
 * The home page's headline slider (SPEC 2.10, 9): each slide shows for 3 s, fades in over 1 s
 * after the previous one fades out over 0.5 s, and the loop runs forever. Indicator dots jump
 * to a slide; hovering (a dot or any part of the slider) pauses. It follows the WAI-ARIA
 * carousel pattern: a visible pause/play control (the first thing to focus: slides hold only
 * text), rotation that stops when keyboard focus comes in (until the visitor starts it again),
 * none under prefers-reduced-motion, and polite announcements once stopped.
 *
 * Above the fold, so it is small and hand-written: the fades are CSS transitions whose
 * durations come from the constants below; only the 3 s clock runs in script.
 */
import { memo, startTransition, useEffect, useEffectEvent, useRef, useState, type CSSProperties } from "react";
import type { ContentItem } from "../../content/contract.ts";
import { defineBlock, type BlockProps } from "../../runtime/block.tsx";
import { useReducedMotion, useRotationPause } from "../../ui/motion.ts";
import { SafeHtml } from "../../ui/SafeHtml.tsx";
import { toPlainText } from "../../ui/text.ts";
import type { HeroSliderOptions } from "./options.ts";
import "./hero-slider.css";

/** SPEC 9 "Hero slider". */
export const heroSliderTimings = { slideMs: 3000, fadeInMs: 1000, fadeOutMs: 500 } as const;

const fades = {
  "--hero-fade-in": `${heroSliderTimings.fadeInMs}ms`,
  "--hero-fade-out": `${heroSliderTimings.fadeOutMs}ms`,
} as CSSProperties;

/** One slide; rendered again only when it becomes or stops being the current one. */
const Slide = memo(function Slide({ slide, index, count, current }: { slide: ContentItem; index: number; count: number; current: boolean }) {
  return (
    <div className={`hero-slider__slide ${current ? "is-current" : ""}`} role="group" aria-roledescription="slide" aria-label={`${index + 1} of ${count}`} aria-hidden={!current}>
      <p className="hero-slider__title">{toPlainText(slide.title)}</p>
      <SafeHtml className="hero-slider__text" html={slide.shortDesc} />
    </div>
  );
});

export function HeroSlider({ items, options, title, slotId }: BlockProps<HeroSliderOptions>) {
  const count = items.length;
  const root = useRef<HTMLDivElement>(null);
  // Under reduced motion it starts stopped; the visitor's own choice wins from then on.
  const reducedMotion = useReducedMotion();
  const [stoppedByVisitor, setStopped] = useState<boolean | null>(null);
  const stopped = stoppedByVisitor ?? reducedMotion;
  const hovered = useRotationPause(root, () => setStopped(true));
  const [current, setCurrent] = useState(0);
  const rotating = count > 1 && !stopped && !hovered;

  // The clock's change is a transition: rendered in slices, never one long task on a slow phone every 3 s.
  const next = useEffectEvent(() => startTransition(() => setCurrent((current + 1) % count)));
  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(next, heroSliderTimings.slideMs);
    return () => clearTimeout(timer);
  }, [rotating, current]);

  if (count === 0) return null;
  return (
    <div className="hero-slider" data-slot={slotId} style={fades}>
      <div ref={root} className="container hero-slider__frame" role="group" aria-roledescription="carousel" aria-label={toPlainText(title) || options.label}>
        <div className="hero-slider__slides" aria-live={rotating ? "off" : "polite"}>
          {items.map((slide, index) => (
            <Slide key={slide.key} slide={slide} index={index} count={count} current={index === current} />
          ))}
        </div>
        {count > 1 && (
          <div className="hero-slider__controls">
            <button
              type="button"
              className="hero-slider__rotation"
              data-state={stopped ? "stopped" : "rotating"}
              aria-label={stopped ? "Start slide rotation" : "Stop slide rotation"}
              onClick={() => setStopped(!stopped)}
            >
              <span aria-hidden="true" />
            </button>
            <div className="hero-slider__dots">
              {items.map((slide, index) => (
                <button
                  key={slide.key}
                  type="button"
                  className="hero-slider__dot"
                  aria-label={[`Slide ${index + 1}`, toPlainText(slide.title)].filter(Boolean).join(": ")}
                  aria-current={index === current ? "true" : undefined}
                  onClick={() => setCurrent(index)}
                />
              ))}
            </div>
          </div>
        )}
      </div>
    </div>
  );
}

export const block = defineBlock<HeroSliderOptions>("hero-slider", HeroSlider);
