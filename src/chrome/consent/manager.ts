/**
 * The cookie consent manager: vanilla-cookieconsent, a maintained library that stores the
 * visitor's choice (./consentCookie.ts), shows the banner on a first visit and the
 * preferences on demand, each a labelled dialog that holds keyboard focus until the visitor
 * has chosen. Loaded by ./loadConsent.ts only; never part of the initial script.
 */
import * as CookieConsent from "vanilla-cookieconsent";
import "vanilla-cookieconsent/dist/cookieconsent.css";
import "./consent.css";
import { consentCookieName } from "./consentCookie.ts";
import { useConsentPanel } from "./consentPanel.ts";

/** Crawlers get no banner (it is not content); the settings still open on request. */
const isCrawler = () => /bot|crawl|spider|slurp|teoma/i.test(navigator.userAgent);

const visibleModals = new Set<CookieConsent.ModalName>();

function modalShown(name: CookieConsent.ModalName, shown: boolean) {
  if (shown) visibleModals.add(name);
  else visibleModals.delete(name);
  useConsentPanel.setState({ open: visibleModals.size > 0 });
}

const config: CookieConsent.CookieConsentConfig = {
  mode: "opt-in",
  autoShow: true,
  // The library's own bot check also treats every automated browser as a crawler.
  hideFromBots: false,
  disablePageInteraction: false,
  cookie: {
    name: consentCookieName,
    sameSite: "Lax",
    secure: window.location.protocol === "https:",
  },
  guiOptions: {
    // Bottom left: the contact shortcut floats bottom right.
    consentModal: { layout: "box", position: "bottom left", equalWeightButtons: true },
    preferencesModal: { layout: "box", equalWeightButtons: true },
  },
  categories: {
    necessary: { enabled: true, readOnly: true },
    analytics: {},
    marketing: {},
  },
  language: {
    default: "en",
    translations: {
      en: {
        consentModal: {
          title: "Cookies on this site",
          description:
            "We use cookies that the site needs to work. With your permission we would also use analytics cookies, to learn how the site is used, and marketing cookies, to measure our campaigns.",
          acceptAllBtn: "Accept all",
          acceptNecessaryBtn: "Necessary only",
          showPreferencesBtn: "Manage preferences",
        },
        preferencesModal: {
          title: "Cookie settings",
          acceptAllBtn: "Accept all",
          acceptNecessaryBtn: "Necessary only",
          savePreferencesBtn: "Save my choices",
          closeIconLabel: "Close cookie settings",
          sections: [
            {
              description:
                "Choose which cookies this site may use. You can change your choice at any time from “Cookie Settings” at the bottom of every page.",
            },
            {
              title: "Strictly necessary",
              description: "Needed for the site to work, for example to remember this choice. They cannot be switched off.",
              linkedCategory: "necessary",
            },
            {
              title: "Analytics",
              description: "Tell us, without naming you, which pages are visited and how the site performs, so we can improve it.",
              linkedCategory: "analytics",
            },
            {
              title: "Marketing",
              description: "Measure how our campaigns and social media reach people, and show relevant offers on other sites.",
              linkedCategory: "marketing",
            },
          ],
        },
      },
    },
  },
  onModalShow: ({ modalName }) => modalShown(modalName, true),
  onModalHide: ({ modalName }) => modalShown(modalName, false),
};

export function startConsent(): Promise<void> {
  return CookieConsent.run({ ...config, autoShow: !isCrawler() });
}

export function showPreferences(): void {
  CookieConsent.showPreferences();
}
