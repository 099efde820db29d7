import { useId, type ReactNode } from "react";
import { toPlainText } from "./text.ts";
import { preloadBackground, useFirstScreen } from "./firstScreen.tsx";
import { backgroundStyle, mediaUrl } from "./media.ts";

interface SectionProps {
  title: string | null;
  background?: string | null;
  className?: string;
  slotId: string;
  children: ReactNode;
}

/** A page section: an h2 from the slot's title (plain text) labelling the region, and an optional background image. */
export function Section({ title, background, className, slotId, children }: SectionProps) {
  const headingId = useId();
  const heading = toPlainText(title);
  const image = mediaUrl(background);
  if (useFirstScreen(background) && image) preloadBackground(image);
  return (
    <section
      className={`section ${image ? "section--with-background" : ""} ${className ?? ""}`}
      aria-labelledby={heading ? headingId : undefined}
      data-slot={slotId}
      style={image ? backgroundStyle(image) : undefined}
    >
      <div className="container">
        {heading && (
          <h2 id={headingId} className="section__title">
            {heading}
          </h2>
        )}
        {children}
      </div>
    </section>
  );
}
