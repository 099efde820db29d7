import { useEffect, useRef } from "react";

/** A press must move this far before it counts as a drag rather than a click on a pin. */
const dragThresholdPx = 6;

/**
 * SPEC 2.7: on screens up to `maxWidth` the map drags sideways, by mouse, pen or finger
 * (pointer events; CSS gives vertical touch moves to the page). A drag never clicks the pin
 * it started on.
 */
export function useDragScroll<T extends HTMLElement>(maxWidth: number) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const viewport = ref.current;
    if (!viewport) return;
    if (typeof window.matchMedia !== "function") return;
    const narrow = window.matchMedia(`(max-width: ${maxWidth}px)`);
    let drag: { pointer: number; startX: number; startLeft: number; moving: boolean } | null = null;
    let swallowClick = false;

    const down = (event: PointerEvent) => {
      if (!narrow.matches || !event.isPrimary || event.button !== 0) return;
      drag = { pointer: event.pointerId, startX: event.clientX, startLeft: viewport.scrollLeft, moving: false };
    };
    const move = (event: PointerEvent) => {
      if (drag?.pointer !== event.pointerId) return;
      const dx = event.clientX - drag.startX;
      if (!drag.moving) {
        if (Math.abs(dx) < dragThresholdPx) return;
        drag.moving = true;
        viewport.setPointerCapture(event.pointerId);
        viewport.classList.add("is-dragging");
      }
      viewport.scrollLeft = drag.startLeft - dx;
    };
    const end = (event: PointerEvent) => {
      if (drag?.pointer !== event.pointerId) return;
      swallowClick = drag.moving && event.type === "pointerup";
      drag = null;
      viewport.classList.remove("is-dragging");
    };
    const click = (event: MouseEvent) => {
      if (!swallowClick) return;
      swallowClick = false;
      event.preventDefault();
      event.stopPropagation();
    };

    const listening = new AbortController();
    const { signal } = listening;
    viewport.addEventListener("pointerdown", down, { signal });
    viewport.addEventListener("pointermove", move, { signal });
    viewport.addEventListener("pointerup", end, { signal });
    viewport.addEventListener("pointercancel", end, { signal });
    viewport.addEventListener("click", click, { signal, capture: true });
    return () => listening.abort();
  }, [maxWidth]);
  return ref;
}
