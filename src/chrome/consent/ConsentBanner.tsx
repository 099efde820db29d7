/**
 * The first-visit cookie question (SPEC 2.5, 4). It is part of the initial script and shows
 * as the site starts (over the loading screen), so it is in place when the content comes
 * instead of arriving later; it is a labelled region placed
 * first in the page (the first stop of Tab, and read first), never a modal: it does not
 * take focus, so it cannot close a menu the visitor has opened or interrupt typing.
 * The answers go to the consent manager, loaded on the first of them, which stores them.
 */
import { useEffect, useId } from "react";
import { hasStoredChoice, isCrawler, useConsentChoice } from "./consentChoice.ts";
import { consentPanelShown } from "./consentPanel.ts";
import { loadConsentManager, openConsentPreferences } from "./loadConsent.ts";
import "./consent-banner.css";

type Manager = Awaited<ReturnType<typeof loadConsentManager>>;

/** The banner goes at once; the manager, loaded on this first answer, stores it. If it cannot load, the question comes back. */
function answer(choose: (manager: Manager) => void) {
  useConsentChoice.setState({ asking: false });
  loadConsentManager()
    .then(choose)
    .catch((error: unknown) => {
      console.error("the cookie choice could not be stored:", error);
      useConsentChoice.setState({ asking: true });
    });
}

export function ConsentBanner() {
  const shown = useConsentChoice((state) => state.asking);
  const titleId = useId();

  // Read once as the site starts, so the banner is there before the content, never after it. In a
  // task of its own: showing it restyles the page, which on a slow phone must not lengthen the
  // task that hydrates the server's page.
  useEffect(() => {
    const ask = setTimeout(() => {
      if (!hasStoredChoice(document.cookie) && !isCrawler(navigator.userAgent)) useConsentChoice.setState({ asking: true });
    }, 0);
    return () => clearTimeout(ask);
  }, []);

  useEffect(() => {
    consentPanelShown("banner", shown);
    return () => consentPanelShown("banner", false);
  }, [shown]);

  if (!shown) return null;
  return (
    <section className="consent-banner" aria-labelledby={titleId} data-nosnippet="">
      <h2 id={titleId} className="consent-banner__title">
        Cookies on this site
      </h2>
      <p className="consent-banner__text">
        We use cookies that the site needs to work. With your permission we would also use analytics cookies, to learn how the site is used, and marketing
        cookies, to measure our campaigns.
      </p>
      <div className="consent-banner__buttons">
        <button type="button" className="button" onClick={() => answer((manager) => manager.acceptAll())}>
          Accept all
        </button>
        <button type="button" className="button" onClick={() => answer((manager) => manager.acceptNecessaryOnly())}>
          Necessary only
        </button>
        <button type="button" className="link-button consent-banner__more" aria-haspopup="dialog" onClick={() => void openConsentPreferences()}>
          Manage preferences
        </button>
      </div>
    </section>
  );
}
