/**
 * Sections below the fold hydrate when they come near the viewport (issue 20), not all with the
 * shell: until then a section keeps the server's HTML, which reads, links and scrolls as it is,
 * and the main thread of a slow phone is free for what the visitor sees. A section also starts
 * hydrating when the visitor reaches into it (a pointer or a finger down, keyboard focus). Its
 * block's code is asked for only then (src/app/start.tsx), the islands' "hydrate when visible":
 * a page's script until it is ready is its shell's and its first screen's, not every section's.
 *
 * A click on a section that has not hydrated yet is held and replayed once it has: React drops a
 * click on a part it has not hydrated (seen in Chromium: a popup's opener clicked once did
 * nothing). Clicks with a modifier key or another mouse button are left to the browser (a link
 * opened in a new tab works from the HTML). Browser only, made once for the page the server sent
 * (src/app/start.tsx).
 */
import type { Page } from "../content/contract.ts";
import { settled, type SettledPromise } from "./settled.ts";

/** How far beyond the viewport a section starts hydrating: one screen ahead, either way. */
export const NEAR_VIEWPORT_MARGIN = "100% 0px";

/** Chrome parts share the sections' map under keys no slot id can have. */
const chromeKey = (id: string) => `\u0000chrome:${id}`;

/** The events by which a visitor reaches into a section before it has come near by scrolling. */
const reachingIn = ["pointerdown", "touchstart", "focusin"] as const;

export interface NearViewport {
  /** Whether `page` is the page the server rendered, as the browser's first render shows it (it hydrates). */
  serves: (page: Page) => boolean;
  /** While the server's `page` hydrates: settles when the slot's section may hydrate; undefined for another page or a slot to hydrate at once. */
  wait: (page: Page, slotId: string) => SettledPromise<void> | undefined;
  /** The slot's block has hydrated (a layout effect of its mount): the clicks held for it are replayed. */
  hydrated: (page: Page, slotId: string) => void;
  /** A part of the site's chrome below the fold (the footer, on every page): as `wait`, whatever the page. */
  waitChrome: (id: string) => SettledPromise<void> | undefined;
  /** That part of the chrome has hydrated (./Island.tsx): the clicks held for it are replayed. */
  chromeHydrated: (id: string) => void;
  /**
   * Every section may hydrate now. For any update from above (the router's state: a form's post, a
   * navigation, a link to an anchor): React hydrates every section it has not yet before it commits
   * such an update (it cannot know which of them read what changed), so one still held back would hold
   * the update back with it (seen: a thought paper's download stuck at "Preparing your download...").
   */
  releaseAll: () => void;
}

interface Section {
  element: Element;
  near: SettledPromise<void>;
  comeNear: () => void;
  held: Element[];
}

/**
 * For the server's `page` and the ids of its slots below the fold, each shown in a `data-slot`
 * element, and the parts of the site's chrome below the fold (`chrome`: the footer) with their elements. A slot without one hydrates at once, as does everything in a browser without
 * IntersectionObserver. The slots in `whenReached` (blocks that declare `loadsWhenReached`, whose
 * server HTML works without code) are not watched coming near: only the visitor reaching into
 * them, a held click, or `releaseAll` lets them hydrate.
 */
export function hydrateWhenNear(
  page: Page,
  slotIds: readonly string[],
  whenReached: readonly string[] = [],
  root: Document = document,
  chrome: readonly { id: string; element: Element | null }[] = [],
): NearViewport {
  const sections = new Map<string, Section>();
  const serves = (shown: Page) => shown === page;
  const none: NearViewport = { serves, wait: () => undefined, hydrated: () => undefined, waitChrome: () => undefined, chromeHydrated: () => undefined, releaseAll: () => undefined };
  if (typeof IntersectionObserver === "undefined") return none;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) if (entry.isIntersecting) sectionOf(entry.target)?.comeNear();
    },
    { rootMargin: NEAR_VIEWPORT_MARGIN },
  );
  const sectionOf = (target: EventTarget | null): Section | undefined => {
    if (!(target instanceof Element)) return undefined;
    for (const section of sections.values()) if (section.element.contains(target)) return section;
    return undefined;
  };
  const holdClick = (event: MouseEvent) => {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || !(event.target instanceof Element)) return;
    const section = sectionOf(event.target);
    if (!section) return;
    event.preventDefault();
    event.stopPropagation();
    section.held.push(event.target);
    section.comeNear();
  };
  const watch = (key: string, element: Element | null, whenNear: boolean) => {
    if (!element) return;
    let resolve: () => void = () => undefined;
    const near = settled(new Promise<void>((done) => (resolve = done)));
    const comeNear = () => {
      if (near.status !== "pending") return;
      observer.unobserve(element);
      resolve();
    };
    sections.set(key, { element, near, comeNear, held: [] });
    if (whenNear) observer.observe(element);
  };
  for (const slotId of slotIds) watch(slotId, root.querySelector(`[data-slot="${CSS.escape(slotId)}"]`), !whenReached.includes(slotId));
  for (const part of chrome) watch(chromeKey(part.id), part.element, true);
  if (sections.size === 0) return none;
  const reachIn = (event: Event) => sectionOf(event.target)?.comeNear();
  // On the document, before React's own listener at the root: React holds a focusin on a section it has
  // not hydrated (to replay it once it has) and stops it there, so a listener on the section never hears it.
  for (const type of reachingIn) root.addEventListener(type, reachIn, { capture: true, passive: true });
  // Before React's own listener at the root: a click it would drop never reaches it.
  root.addEventListener("click", holdClick, true);
  // A visitor typing in a field since before the code ran has reached into its section already.
  sectionOf(root.activeElement)?.comeNear();
  const hydrated = (key: string) => {
    const section = sections.get(key);
    if (!section) return;
    sections.delete(key);
    if (sections.size === 0) {
      root.removeEventListener("click", holdClick, true);
      for (const type of reachingIn) root.removeEventListener(type, reachIn, true);
    }
    for (const target of section.held) if (target.isConnected) target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, composed: true }));
  };
  return {
    serves,
    wait: (shown, slotId) => (shown === page ? sections.get(slotId)?.near : undefined),
    hydrated: (shown, slotId) => {
      if (shown === page) hydrated(slotId);
    },
    waitChrome: (id) => sections.get(chromeKey(id))?.near,
    chromeHydrated: (id) => hydrated(chromeKey(id)),
    releaseAll: () => {
      for (const section of sections.values()) section.comeNear();
    },
  };
}
