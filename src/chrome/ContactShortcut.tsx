import { useCurrentPage } from "../runtime/pageData.ts";
import { CONTACT_WRAPPER_CLASS, useContactAddress } from "./contactLinks.ts";
import { useNavStore } from "./navStore.ts";
import "./contact-shortcut.css";

/**
 * The floating contact icon (SPEC 2.7), on every page whose data does not say `contactUs: false`;
 * out of the way while the mobile menu is open, whose items it would cover.
 */
export function ContactShortcut() {
  const shown = useCurrentPage((state) => state.status === "ready" && state.page.contactUs !== false);
  const menuOpen = useNavStore((state) => state.mobileOpen);
  const address = useContactAddress();
  if (!shown || menuOpen) return null;
  // A plain link: the contact-wrapper listener stores the form mode and navigates; before the
  // code runs, its address carries the mode. Its own landmark, so nothing on the page sits outside one.
  return (
    <aside aria-label="Contact shortcut">
      <a href={address} className={`contact-shortcut ${CONTACT_WRAPPER_CLASS}`} aria-label="Contact us">
        <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
          <path d="M4 5h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H9l-4.5 3.5V17H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
          <path d="M7.5 9.5h9M7.5 12.5h6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </a>
    </aside>
  );
}
