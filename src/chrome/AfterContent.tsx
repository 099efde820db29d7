/** The chrome that waits until the first content has shown: the contact shortcut and the footer, in one chunk. */
import { Island } from "../runtime/Island.tsx";
import { ContactShortcut } from "./ContactShortcut.tsx";
import { Footer } from "./Footer.tsx";

/**
 * The footer's island (src/runtime/hydrationTurns.ts): below the fold on every page, it hydrates as
 * it comes near, as the page's own sections below the fold do; the contact shortcut floats on the
 * first screen and hydrates with the page.
 */
export const FOOTER_ISLAND = "footer";
/** The footer's element in the server's HTML (./Footer.tsx), watched coming near. */
export const FOOTER_SELECTOR = "footer.site-footer";

export function AfterContent() {
  return (
    <>
      <ContactShortcut />
      <Island name={FOOTER_ISLAND}>
        <Footer />
      </Island>
    </>
  );
}
