import type { MouseEvent } from "react";

export const MAIN_CONTENT_ID = "main-content";

/** The first focusable element of every page: straight to the main content, past the navigation. */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    // Focus (which also scrolls), not just a jump: the next Tab continues inside the content.
    event.preventDefault();
    main.focus();
  };
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skip}>
      Skip to content
    </a>
  );
}
