import type { ReactNode } from "react";

/** A responsive grid of cards; `layout="list"` stacks them full width. */
export function CardGrid({ children, layout = "grid", label }: { children: ReactNode; layout?: "grid" | "list"; label?: string }) {
  return (
    <ul className={`card-grid card-grid--${layout}`} aria-label={label}>
      {children}
    </ul>
  );
}

export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return <li className={`card ${className ?? ""}`}>{children}</li>;
}
