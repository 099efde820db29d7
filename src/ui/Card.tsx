import type { ReactNode } from "react";

/** A responsive grid of cards; `layout="list"` stacks them full width. */
export function CardGrid({ children, layout = "grid", label }: { children: ReactNode; layout?: "grid" | "list"; label?: string }) {
  return (
    <ul className={`card-grid card-grid--${layout}`} aria-label={label}>
      {children}
    </ul>
  );
}

/** A card: a list item in a CardGrid, or a plain box (`as="div"`) where it stands alone, as in a carousel slide. */
export function Card({ children, className, as: Element = "li" }: { children: ReactNode; className?: string; as?: "li" | "div" }) {
  return <Element className={`card ${className ?? ""}`}>{children}</Element>;
}

/** How wide a card's picture shows (global.css .card-grid--grid): the container's width on a phone, at most 24rem beside others. */
export const cardImageSizes = "(max-width: 599px) calc(100vw - 2.5rem), 24rem";
