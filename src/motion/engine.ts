/**
 * Scroll-triggered motion on desktop (SPEC 1, 2.3 item 8, 4), with gsap's ScrollTrigger: applied
 * by selector to what the page rendered, including blocks that mount later, and undone
 * completely by `destroy()` (every ScrollTrigger, tween, observer, listener and timer).
 *
 * Content is never hidden waiting for an animation. Nothing starts invisible: an element is
 * moved or faded from its visible state only at the moment it enters the viewport from below,
 * and ends exactly where it was. Elements already in view, or jumped to (keyboard, focus,
 * anchors), simply show. A page whose motion never loads, fails or is destroyed looks the same.
 */
import { gsap } from "gsap";
import { ScrollTrigger } from "gsap/ScrollTrigger";
import type Lenis from "lenis";
import { smoothScrollSeconds, type MotionDevice } from "./device.ts";
import { edgeOffset } from "./edges.ts";

gsap.registerPlugin(ScrollTrigger);

/** What motion finds on a page, by the blocks' stable class names. */
export const motionTargets = {
  /** A block's section (src/ui/Section.tsx); its content is what moves, never its background. */
  section: ".section",
  sectionContent: ":scope > .container",
  /** A panel (side by side from 760 px), its side from `data-direction` (Left: image on the left). */
  panel: ".panel[data-direction]",
  panelImage: ".panel__image",
  panelBody: ".panel__body",
} as const;

/** The attribute on <html> naming the motion that runs, e.g. "sections panels". */
export const motionAttribute = "data-motion";

/** The share of the viewport, at its bottom, in which an element counts as entering. */
const enteringBand = 0.25;
const entrance = { duration: 0.9, ease: "power2.out" } as const;
const riseBy = 48;
const slideBy = 64;
/** Layout changes (late blocks, images, carousels) settle this long before positions are re-measured. */
const refreshDebounceMs = 150;

export interface MotionController {
  /** Re-measure every trigger's position (the SPEC 4 layout refresh). */
  refresh(): void;
  /** Pause smooth scrolling (the page then scrolls natively), e.g. while the consent panel is open. */
  pause(): void;
  resume(): void;
  /** Undo everything: the page is left as if motion had never run. */
  destroy(): void;
}

export type SmoothScrollFactory = (durationSeconds: number) => Lenis;

export function startMotion(root: HTMLElement, device: MotionDevice, createSmoothScroll: SmoothScrollFactory | null): MotionController {
  const context = gsap.context(() => undefined, root);
  const seen = new WeakSet<Element>();
  const edged = new Set<HTMLElement>();
  const html = document.documentElement;
  html.setAttribute(motionAttribute, (Object.keys(device) as (keyof MotionDevice)[]).filter((key) => device[key]).join(" "));

  /** True while the element's top is in the band just above the viewport's bottom edge. */
  const entering = (element: Element) => element.getBoundingClientRect().top > window.innerHeight * (1 - enteringBand);
  const belowViewport = (element: Element) => element.getBoundingClientRect().top >= window.innerHeight;

  /** Once, as `trigger` enters from below: each part eases from its offset back to where it is. */
  function enterFromBelow(trigger: Element, parts: [Element | null, gsap.TweenVars][]) {
    ScrollTrigger.create({
      trigger,
      start: "top bottom",
      end: `top ${String((1 - enteringBand) * 100)}%`,
      once: true,
      onEnter: () => {
        // Jumped past (End key, an anchor, focus): it is already in view, so it just shows.
        if (!entering(trigger)) return;
        context.add(() => {
          for (const [element, from] of parts) {
            if (element) gsap.from(element, { ...from, ...entrance, clearProps: "opacity,transform" });
          }
        });
      },
    });
  }

  function followEdges(section: Element, content: HTMLElement) {
    edged.add(content);
    const place = () => {
      const { top, bottom } = section.getBoundingClientRect();
      const { y, scale } = edgeOffset(top, bottom, window.innerHeight);
      // At rest, no transform at all: a transformed box would capture fixed-position descendants.
      if (y === 0 && scale === 1) gsap.set(content, { clearProps: "transform" });
      else gsap.set(content, { y, scale });
    };
    ScrollTrigger.create({ trigger: section, start: "top bottom", end: "bottom top", onUpdate: place, onToggle: place, onRefresh: place });
  }

  function scan() {
    frame = 0;
    context.add(() => {
      for (const section of root.querySelectorAll(motionTargets.section)) {
        if (seen.has(section)) continue;
        seen.add(section);
        const content = section.querySelector<HTMLElement>(motionTargets.sectionContent) ?? (section instanceof HTMLElement ? section : null);
        if (!content) continue;
        if (device.edges) followEdges(section, content);
        else if (device.sections && belowViewport(section)) enterFromBelow(section, [[content, { opacity: 0, y: riseBy }]]);
      }
      if (!device.panels) return;
      for (const panel of root.querySelectorAll(motionTargets.panel)) {
        if (seen.has(panel)) continue;
        seen.add(panel);
        if (!belowViewport(panel)) continue;
        const imageFrom = panel.getAttribute("data-direction") === "Right" ? slideBy : -slideBy;
        enterFromBelow(panel, [
          [panel.querySelector(motionTargets.panelImage), { opacity: 0, x: imageFrom }],
          [panel.querySelector(motionTargets.panelBody), { opacity: 0, x: -imageFrom }],
        ]);
      }
    });
  }

  // Blocks mount after the first paint and load lazily: whatever appears later is picked up too.
  let frame = 0;
  const scheduleScan = () => {
    frame ||= requestAnimationFrame(scan);
    scheduleRefresh();
  };
  const mutations = new MutationObserver(scheduleScan);
  mutations.observe(root, { childList: true, subtree: true });

  // Anything that changes the page's height moves every trigger's position.
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  function scheduleRefresh() {
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => ScrollTrigger.refresh(), refreshDebounceMs);
  }
  const resizes = typeof ResizeObserver === "function" ? new ResizeObserver(scheduleRefresh) : null;
  resizes?.observe(document.body);

  /**
   * Smooth scrolling, driven by gsap's ticker so scroll and animations share a frame. Paused, it
   * is not merely stopped (which would lock the page): it is gone, and the page scrolls natively.
   */
  let lenis: Lenis | null = null;
  const tick = (seconds: number) => lenis?.raf(seconds * 1000);
  const startSmoothScroll = () => {
    if (!createSmoothScroll || lenis) return;
    lenis = createSmoothScroll(smoothScrollSeconds);
    lenis.on("scroll", () => ScrollTrigger.update());
    gsap.ticker.add(tick);
  };
  const stopSmoothScroll = () => {
    if (!lenis) return;
    gsap.ticker.remove(tick);
    lenis.destroy();
    lenis = null;
  };
  /**
   * A key press or a focus move ends a glide still under way, so keyboard scrolling and the
   * browser's scrolling of a focused element into view are never pulled back by it.
   */
  const settle = () => {
    if (lenis?.isScrolling === "smooth") lenis.scrollTo(lenis.actualScroll, { immediate: true, force: true });
  };
  if (createSmoothScroll) {
    // Lenis keeps time itself; gsap's catch-up after a slow frame would make the scroll jump.
    gsap.ticker.lagSmoothing(0);
    window.addEventListener("keydown", settle, true);
    window.addEventListener("focusin", settle, true);
    startSmoothScroll();
  }

  scan();

  return {
    refresh() {
      lenis?.resize();
      ScrollTrigger.refresh();
    },
    pause: stopSmoothScroll,
    resume: startSmoothScroll,
    destroy() {
      mutations.disconnect();
      resizes?.disconnect();
      cancelAnimationFrame(frame);
      clearTimeout(refreshTimer);
      if (createSmoothScroll) {
        window.removeEventListener("keydown", settle, true);
        window.removeEventListener("focusin", settle, true);
        stopSmoothScroll();
        gsap.ticker.lagSmoothing(500, 33);
      }
      context.revert();
      if (edged.size > 0) gsap.set([...edged], { clearProps: "transform" });
      html.removeAttribute(motionAttribute);
    },
  };
}
