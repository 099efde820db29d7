/**
 * The first-visit cookie question (SPEC 2.5, 4). It is part of the initial script and shows
 * as the site starts (over the loading screen), so it is in place when the content comes
 * instead of arriving later; it is a labelled region placed
 * first in the page (the first stop of Tab, and read first), never a modal: it does not
 * take focus, so it cannot close a menu the visitor has opened or interrupt typing.
 * The answers go to the consent manager, loaded on the first of them, which stores them.
 */
import { useEffect, useId } from "react";
import { hasStoredChoice, isCrawler, pendingAnswer, useConsentChoice, type ConsentAnswer } from "./consentChoice.ts";
import { consentPanelShown } from "./consentPanel.ts";
import { loadConsentManager, openConsentPreferences } from "./loadConsent.ts";
import "./consent-banner.css";

/**
 * The banner goes at once; the manager, loaded on this first answer, stores it. Until it has, the
 * answer waits in storage, so a reload in between stores it instead of asking again. If the
 * manager cannot load, the question comes back.
 */
function answer(choice: ConsentAnswer) {
  useConsentChoice.setState({ asking: false });
  pendingAnswer.write(choice);
  store(choice);
}

function store(choice: ConsentAnswer) {
  loadConsentManager()
    .then((manager) => {
      if (choice === "all") manager.acceptAll();
      else manager.acceptNecessaryOnly();
      pendingAnswer.write(null);
    })
    .catch((error: unknown) => {
      console.error("the cookie choice could not be stored:", error);
      pendingAnswer.write(null);
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
      const pending = pendingAnswer.read();
      if (hasStoredChoice(document.cookie)) {
        if (pending) pendingAnswer.write(null);
      } else if (pending) {
        // Answered on an earlier page that was left before the manager stored it.
        store(pending);
      } else if (!isCrawler(navigator.userAgent)) {
        useConsentChoice.setState({ asking: true });
      }
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
        <button type="button" className="button" onClick={() => answer("all")}>
          Accept all
        </button>
        <button type="button" className="button" onClick={() => answer("necessary")}>
          Necessary only
        </button>
        <button type="button" className="link-button consent-banner__more" aria-haspopup="dialog" onClick={() => void openConsentPreferences()}>
          Manage preferences
        </button>
      </div>
    </section>
  );
}
