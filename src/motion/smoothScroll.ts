/**
 * Smooth scrolling with Lenis (SPEC 1, 4: desktop only, 2 s). Lenis animates the window's own
 * scroll position instead of moving the page with transforms, so sticky and fixed elements,
 * `background-attachment: fixed`, keyboard scrolling, focus scrolling and find-in-page keep
 * working untouched; it only smooths wheel input and in-page anchor jumps. Its own chunk: a
 * device without smooth scrolling never downloads it.
 */
import Lenis from "lenis";

/** Elements that scroll on their own and keep the browser's native wheel scrolling. */
function scrollsOnItsOwn(node: HTMLElement): boolean {
  return node instanceof HTMLDialogElement || node.getAttribute("role") === "dialog" || node.getAttribute("aria-modal") === "true";
}

export function createSmoothScroll(durationSeconds: number): Lenis {
  return new Lenis({
    duration: durationSeconds,
    // Same-page links (#id) glide too; the browser still moves focus and the address.
    anchors: true,
    prevent: scrollsOnItsOwn,
    // Lenis drives itself from the browser's animation frames (and stops them when destroyed);
    // the entrances run on the browser's own animation timeline, so nothing else needs its frame.
    autoRaf: true,
  });
}
