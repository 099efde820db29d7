/** What the visitor asked of motion, and how carousels pause for them: shared by every moving part. */
import { useEffect, useEffectEvent, useState, type RefObject } from "react";
import { useMediaQuery } from "./useMediaQuery.ts";

const reducedMotionQuery = "(prefers-reduced-motion: reduce)";

/** For code outside render (effects, motion engines). */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia(reducedMotionQuery).matches;
}

/** For render: false on the server and while hydrating, then the visitor's setting, followed as it changes. */
export function useReducedMotion(): boolean {
  return useMediaQuery(reducedMotionQuery);
}

/**
 * True when the element has focus that came from the keyboard. A mouse click focuses a button
 * too, but only keyboard focus should stop a carousel (WAI-ARIA carousel pattern).
 */
export function hasKeyboardFocus(element: Element): boolean {
  try {
    return element.matches(":focus-visible");
  } catch {
    // An engine without :focus-visible: treat any focus as keyboard focus, the safe side.
    return true;
  }
}

/**
 * The WAI-ARIA carousel pattern's rules for automatic rotation: it pauses while the pointer is
 * over the carousel (the returned flag), and it stops when keyboard focus moves into it,
 * resuming only when the visitor starts it again with the rotation control (`onKeyboardFocus`).
 * Listened to natively because the element is a group, not a control; nothing here makes it one.
 */
export function useRotationPause(ref: RefObject<HTMLElement | null>, onKeyboardFocus: () => void): boolean {
  const [hovered, setHovered] = useState(false);
  const stop = useEffectEvent(onKeyboardFocus);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const enter = () => setHovered(true);
    const leave = () => setHovered(false);
    const focusIn = (event: FocusEvent) => {
      if (event.target instanceof Element && hasKeyboardFocus(event.target)) stop();
    };
    const listening = new AbortController();
    const { signal } = listening;
    element.addEventListener("mouseenter", enter, { signal });
    element.addEventListener("mouseleave", leave, { signal });
    element.addEventListener("focusin", focusIn, { signal });
    return () => listening.abort();
  }, [ref]);
  return hovered;
}
