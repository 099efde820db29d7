/**
 * The site's carousel, following the WAI-ARIA carousel pattern: a labelled group of labelled
 * slides ("2 of 5"); previous and next buttons; for carousels that rotate on their own a
 * visible pause/play control first, rotation that pauses while the pointer is over the carousel,
 * stops when keyboard focus comes in (until started again), and never starts on its own under
 * prefers-reduced-motion; slides out of view hidden from assistive technology and taken out of
 * the tab order (inert); changes announced politely except while rotating.
 *
 * Engine: keen-slider, for every carousel of SPEC 9. It is about 6 kB gzip against Swiper's
 * 20 kB, has no dependencies, and covers what SPEC 9 asks (slides per view by viewport width,
 * fractional views, spacing, loop); autoplay is a timer here because the pattern needs its own
 * pause rules anyway, and the long-swipe threshold is the small plugin below. Import this only
 * from blocks: keen-slider then loads with the first block on a page that shows a carousel.
 */
import { useKeenSlider, type KeenSliderInstance, type KeenSliderOptions, type KeenSliderPlugin } from "keen-slider/react";
import "keen-slider/keen-slider.min.css";
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from "react";
import { useReducedMotion, useRotationPause } from "./motion.ts";
import { mostInView, sliderDefaults, swipeTarget, type SliderSettings } from "./sliderSettings.ts";
import "./slider.css";

export interface Slide {
  key: string;
  content: ReactNode;
}

interface SliderProps {
  /** Accessible name of the carousel. */
  label: string;
  slides: readonly Slide[];
  settings: SliderSettings;
  className?: string;
}

/** keen-slider breakpoints for the steps after the first (evaluated by keen-slider in the browser); none where a browser cannot evaluate media queries. */
function breakpoints(settings: SliderSettings): KeenSliderOptions["breakpoints"] {
  if (typeof window !== "undefined" && typeof window.matchMedia !== "function") return undefined;
  return Object.fromEntries(
    settings.steps.slice(1).map((step) => [`(min-width: ${step.minWidth}px)`, { slides: { perView: step.perView, spacing: step.spacing } }]),
  );
}

function perViewOf(slider: KeenSliderInstance): number {
  const slides = slider.options.slides;
  return slides !== null && typeof slides === "object" && typeof slides.perView === "number" ? slides.perView : 1;
}

/** A drag settles where swipeTarget says, at the slider speed, instead of keen-slider's own snap. */
function longSwipes(speedMs: number): KeenSliderPlugin {
  return (slider) => {
    let startedAt = 0;
    let startPosition = 0;
    let startIndex = 0;
    slider.on("dragStarted", () => {
      startedAt = performance.now();
      startPosition = slider.track.details.position;
      startIndex = slider.track.details.abs;
    });
    slider.on("dragEnded", () => {
      const { details } = slider.track;
      const step = details.slidesLength / Math.max(details.slides.length, 1);
      const moved = step > 0 ? (details.position - startPosition) / step : 0;
      const target = Math.min(Math.max(swipeTarget(startIndex, moved, performance.now() - startedAt), details.minIdx), details.maxIdx);
      slider.moveToIdx(target, true, { duration: speedMs });
    });
  };
}

export function Slider({ label, slides, settings, className }: SliderProps) {
  const count = slides.length;
  const reducedMotion = useReducedMotion();
  const [current, setCurrent] = useState(0);
  const [perView, setPerView] = useState(settings.steps[0].perView);
  // Under reduced motion it starts stopped; the visitor's own choice wins from then on.
  const [stoppedByVisitor, setStopped] = useState<boolean | null>(null);
  const stopped = stoppedByVisitor ?? reducedMotion;
  const root = useRef<HTMLDivElement>(null);
  const hovered = useRotationPause(root, () => setStopped(true));
  // The buttons own the current slide; keen-slider reports one only when it was dragged there.
  const dragging = useRef(false);

  const loop = settings.loop && count > mostInView(settings);
  const inView = Math.max(1, Math.floor(perView + 1e-6));
  const movable = count > inView;
  const lastStart = loop ? count - 1 : count - inView;
  const speedMs = reducedMotion ? 0 : sliderDefaults.speedMs;
  const first = settings.steps[0];

  const [trackRef, slider] = useKeenSlider<HTMLDivElement>(
    {
      loop,
      slides: { perView: first.perView, spacing: first.spacing },
      breakpoints: breakpoints(settings),
      defaultAnimation: { duration: speedMs },
      created: (instance) => setPerView(perViewOf(instance)),
      optionsChanged: (instance) => setPerView(perViewOf(instance)),
      dragStarted: () => {
        dragging.current = true;
      },
      slideChanged: (instance) => {
        if (dragging.current) setCurrent(instance.track.details.rel);
      },
      animationEnded: () => {
        dragging.current = false;
      },
    },
    [longSwipes(speedMs)],
  );

  const go = (delta: number) => {
    const instance = slider.current;
    if (loop) {
      const from = instance ? (instance.animator.targetIdx ?? instance.track.details.abs) : current;
      instance?.moveToIdx(from + delta, true);
      setCurrent((at) => (((at + delta) % count) + count) % count);
      return;
    }
    const target = current + delta > lastStart ? 0 : current + delta < 0 ? lastStart : current + delta;
    instance?.moveToIdx(target, true);
    setCurrent(target);
  };

  const autoplay = settings.autoplayMs !== null && movable;
  const rotating = autoplay && !stopped && !hovered;
  const advance = useEffectEvent(() => go(1));
  useEffect(() => {
    if (!rotating || settings.autoplayMs === null) return;
    const timer = setTimeout(advance, settings.autoplayMs);
    return () => clearTimeout(timer);
  }, [rotating, current, settings.autoplayMs]);

  const start = Math.min(current, Math.max(lastStart, 0));
  const visible = (index: number) => (loop ? (index - start + count) % count < inView : index >= start && index < start + inView);

  return (
    <div ref={root} className={`slider ${className ?? ""}`} role="group" aria-roledescription="carousel" aria-label={label}>
      {movable && (
        <div className="slider__controls">
          {autoplay && (
            <button
              type="button"
              className="slider__button slider__rotation"
              aria-label={stopped ? "Start automatic slide show" : "Stop automatic slide show"}
              data-state={stopped ? "stopped" : "rotating"}
              onClick={() => setStopped(!stopped)}
            >
              <span aria-hidden="true" className="slider__rotation-icon" />
            </button>
          )}
          <button type="button" className="slider__button" aria-label="Previous slide" onClick={() => go(-1)}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className="slider__button" aria-label="Next slide" onClick={() => go(1)}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
      <div ref={trackRef} className="keen-slider slider__track" aria-live={rotating ? "off" : "polite"}>
        {slides.map((slide, index) => (
          <div
            key={slide.key}
            className="keen-slider__slide slider__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${count}`}
            aria-hidden={!visible(index)}
            inert={!visible(index)}
          >
            {slide.content}
          </div>
        ))}
      </div>
    </div>
  );
}
