/** The chrome that waits until the first content has shown: the contact shortcut and the footer, in one chunk. */
import { ContactShortcut } from "./ContactShortcut.tsx";
import { Footer } from "./Footer.tsx";

export function AfterContent() {
  return (
    <>
      <ContactShortcut />
      <Footer />
    </>
  );
}
