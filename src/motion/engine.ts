/**
 * Scroll-triggered motion on desktop (SPEC 1, 2.3 item 8, 4), with the browser's own machinery:
 * an IntersectionObserver says when an element enters the viewport, and the Web Animations API
 * (`element.animate`) plays its entrance. Applied by selector to what the page rendered,
 * including blocks that mount later, and undone completely by `destroy()` (every animation,
 * observer, listener and frame).
 *
 * Not gsap: all this used of it was a from-tween and ScrollTrigger's enter callback, 45 kB gzip
 * on every desktop page (issue 35's whole-page budget is 160 kB). The browser's animations run
 * off the main thread for opacity and transform, leave no inline style behind (no fill), and an
 * IntersectionObserver needs no re-measuring when the page's height changes.
 *
 * Content is never hidden waiting for an animation. Nothing starts invisible: an element is
 * moved or faded from its visible state only at the moment it enters the viewport from below,
 * and ends exactly where it was. Elements already in view, or jumped to (keyboard, focus,
 * anchors), simply show. A page whose motion never loads, fails or is destroyed looks the same.
 */
import type Lenis from "lenis";
import { smoothScrollSeconds, type MotionDevice } from "./device.ts";
import { edgeOffset } from "./edges.ts";

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
/** gsap's `power2.out` (an ease-out quad), which the entrances were designed with. */
const entrance: KeyframeAnimationOptions = { duration: 900, easing: "cubic-bezier(0.33, 1, 0.68, 1)" };
const riseBy = 48;
const slideBy = 64;

/** Where an entering part starts from; it ends where the layout put it, fully shown. */
interface From {
  opacity: number;
  x?: number;
  y?: number;
}

export interface MotionController {
  /** Re-measure what depends on positions (the SPEC 4 layout refresh). */
  refresh(): void;
  /** Pause smooth scrolling (the page then scrolls natively), e.g. while the consent panel is open. */
  pause(): void;
  resume(): void;
  /** Undo everything: the page is left as if motion had never run. */
  destroy(): void;
}

export type SmoothScrollFactory = (durationSeconds: number) => Lenis;

export function startMotion(root: HTMLElement, device: MotionDevice, createSmoothScroll: SmoothScrollFactory | null): MotionController {
  const seen = new WeakSet<Element>();
  const edged = new Map<Element, HTMLElement>();
  const playing = new Set<Animation>();
  /** What each watched element plays as it enters from below. */
  const entrances = new Map<Element, [Element | null, From][]>();
  const html = document.documentElement;
  html.setAttribute(motionAttribute, (Object.keys(device) as (keyof MotionDevice)[]).filter((key) => device[key]).join(" "));

  /** True while the element's top is in the band just above the viewport's bottom edge. */
  const entering = (element: Element) => element.getBoundingClientRect().top > window.innerHeight * (1 - enteringBand);
  const belowViewport = (element: Element) => element.getBoundingClientRect().top >= window.innerHeight;

  function play(element: Element, from: From) {
    const start = `translate(${String(from.x ?? 0)}px, ${String(from.y ?? 0)}px)`;
    const animation = element.animate([{ opacity: from.opacity, transform: start }, { opacity: 1, transform: "none" }], entrance);
    playing.add(animation);
    const done = () => playing.delete(animation);
    animation.addEventListener("finish", done);
    animation.addEventListener("cancel", done);
  }

  /** Once, as a watched element enters from below: each part eases from its offset back to where it is. */
  const arrivals = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      arrivals.unobserve(entry.target);
      const parts = entrances.get(entry.target);
      entrances.delete(entry.target);
      // Jumped past (End key, an anchor, focus): it is already in view, so it just shows.
      if (!parts || !entering(entry.target)) continue;
      for (const [element, from] of parts) if (element) play(element, from);
    }
  });
  function enterFromBelow(trigger: Element, parts: [Element | null, From][]) {
    entrances.set(trigger, parts);
    arrivals.observe(trigger);
  }

  /**
   * Wide screens: each section's content follows its place at the viewport's edges, as the page
   * scrolls (a frame at most once per frame). At rest, no transform at all: a transformed box
   * would capture fixed-position descendants.
   */
  let edgeFrame = 0;
  function placeEdges() {
    edgeFrame = 0;
    for (const [section, content] of edged) {
      const { top, bottom } = section.getBoundingClientRect();
      const { y, scale } = edgeOffset(top, bottom, window.innerHeight);
      content.style.transform = y === 0 && scale === 1 ? "" : `translateY(${String(y)}px) scale(${String(scale)})`;
    }
  }
  const scheduleEdges = () => {
    edgeFrame ||= requestAnimationFrame(placeEdges);
  };
  if (device.edges) {
    window.addEventListener("scroll", scheduleEdges, { passive: true });
    window.addEventListener("resize", scheduleEdges, { passive: true });
  }

  function scan() {
    frame = 0;
    for (const section of root.querySelectorAll(motionTargets.section)) {
      if (seen.has(section)) continue;
      seen.add(section);
      const content = section.querySelector<HTMLElement>(motionTargets.sectionContent) ?? (section instanceof HTMLElement ? section : null);
      if (!content) continue;
      if (device.edges) edged.set(section, content);
      else if (device.sections && belowViewport(section)) enterFromBelow(section, [[content, { opacity: 0, y: riseBy }]]);
    }
    if (device.edges) placeEdges();
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
  }

  // Blocks mount after the first paint and load lazily: whatever appears later is picked up too.
  let frame = 0;
  const scheduleScan = () => {
    frame ||= requestAnimationFrame(scan);
  };
  const mutations = new MutationObserver(scheduleScan);
  mutations.observe(root, { childList: true, subtree: true });

  /** Smooth scrolling. Paused, it is not merely stopped (which would lock the page): it is gone, and the page scrolls natively. */
  let lenis: Lenis | null = null;
  const startSmoothScroll = () => {
    if (!createSmoothScroll || lenis) return;
    lenis = createSmoothScroll(smoothScrollSeconds);
  };
  const stopSmoothScroll = () => {
    lenis?.destroy();
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
    window.addEventListener("keydown", settle, true);
    window.addEventListener("focusin", settle, true);
    startSmoothScroll();
  }

  scan();

  return {
    refresh() {
      lenis?.resize();
      if (device.edges) placeEdges();
    },
    pause: stopSmoothScroll,
    resume: startSmoothScroll,
    destroy() {
      mutations.disconnect();
      arrivals.disconnect();
      entrances.clear();
      cancelAnimationFrame(frame);
      cancelAnimationFrame(edgeFrame);
      if (createSmoothScroll) {
        window.removeEventListener("keydown", settle, true);
        window.removeEventListener("focusin", settle, true);
        stopSmoothScroll();
      }
      if (device.edges) {
        window.removeEventListener("scroll", scheduleEdges);
        window.removeEventListener("resize", scheduleEdges);
      }
      for (const animation of [...playing]) animation.cancel();
      for (const content of edged.values()) content.style.transform = "";
      edged.clear();
      html.removeAttribute(motionAttribute);
    },
  };
}
