/**
 * The first-visit cookie question (SPEC 2.5, 4). It is in every page the server renders, shown
 * before the first paint by src/boot.ts when the cookie holds no choice (./consentCookie.ts), so
 * it is in place with the content instead of coming over it seconds later on a slow phone (where
 * a tap meant for the page would land on it, and it became the largest paint of a page with
 * little text); its buttons, tapped before the code has come, are answered once it has (boot.ts
 * holds the taps). In the single-page build it shows as the site starts, over the loading screen.
 * It is a labelled region placed first in the page (the first stop of Tab, and read first),
 * never a modal: it does not take focus, so it cannot close a menu the visitor has opened or
 * interrupt typing. The answers go to the consent manager, loaded on the first of them, which
 * stores them.
 */
import { useEffect, useId } from "react";
import { useConsentChoice } from "./consentChoice.ts";
import { asksConsentQuestion, consentQuestionAttribute, hasStoredChoice, pendingAnswer, type ConsentAnswer } from "./consentCookie.ts";
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
  const asking = useConsentChoice((state) => state.asking);
  const titleId = useId();

  // Read once as the site starts (boot.ts read the same before the first paint). In a task of its
  // own: a change restyles the page, which on a slow phone must not lengthen the task that
  // hydrates the server's page.
  useEffect(() => {
    const ask = setTimeout(() => {
      const pending = pendingAnswer.read();
      // Answered on an earlier page that was left before the manager stored it: stored now.
      if (pending && hasStoredChoice(document.cookie)) pendingAnswer.write(null);
      else if (pending) store(pending);
      useConsentChoice.setState({ asking: asksConsentQuestion() });
    }, 0);
    return () => clearTimeout(ask);
  }, []);

  useEffect(() => {
    if (asking === null) return;
    document.documentElement.toggleAttribute(consentQuestionAttribute, asking);
    consentPanelShown("banner", asking);
    return () => consentPanelShown("banner", false);
  }, [asking]);

  // Rendered whether asked or not (the server cannot know): hidden by its styles unless <html> says it is asked.
  return (
    <section className="consent-banner" hidden={asking === false} aria-labelledby={titleId} data-nosnippet="">
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
