/** What the visitor asked of motion, and whether they are engaged with a moving part: shared by every carousel. */
import { useEffect, useState, type RefObject } from "react";

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
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
 * True while the pointer is over the element or keyboard focus is inside it: the WAI-ARIA
 * carousel pattern stops automatic rotation then. Listened to natively because the element is
 * a group, not a control; nothing here makes it one.
 */
export function useEngaged(ref: RefObject<HTMLElement | null>): boolean {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const enter = () => setHovered(true);
    const leave = () => setHovered(false);
    const focusIn = (event: FocusEvent) => {
      if (event.target instanceof Element && hasKeyboardFocus(event.target)) setFocused(true);
    };
    const focusOut = (event: FocusEvent) => {
      if (!(event.relatedTarget instanceof Node && element.contains(event.relatedTarget))) setFocused(false);
    };
    element.addEventListener("mouseenter", enter);
    element.addEventListener("mouseleave", leave);
    element.addEventListener("focusin", focusIn);
    element.addEventListener("focusout", focusOut);
    return () => {
      element.removeEventListener("mouseenter", enter);
      element.removeEventListener("mouseleave", leave);
      element.removeEventListener("focusin", focusIn);
      element.removeEventListener("focusout", focusOut);
    };
  }, [ref]);
  return hovered || focused;
}
