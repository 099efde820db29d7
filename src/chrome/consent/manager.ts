/**
 * The cookie consent manager: vanilla-cookieconsent, a maintained library that stores the
 * visitor's choice (./consentCookie.ts) and shows the preferences on demand, a labelled
 * dialog that holds keyboard focus until closed. The first-visit question is the site's own
 * banner (./ConsentBanner.tsx): the library's banner would arrive late and take focus from
 * whatever the visitor was doing. Loaded by ./loadConsent.ts only; never part of the initial script.
 */
import * as CookieConsent from "vanilla-cookieconsent";
import "vanilla-cookieconsent/dist/cookieconsent.css";
import "./consent.css";
import { consentCookieName } from "./consentCookie.ts";
import { useConsentChoice } from "./consentChoice.ts";
import { consentPanelShown } from "./consentPanel.ts";

const visibleModals = new Set<CookieConsent.ModalName>();

function modalShown(name: CookieConsent.ModalName, shown: boolean) {
  if (shown) visibleModals.add(name);
  else visibleModals.delete(name);
  if (name === "preferencesModal" && !shown) stopLeading?.();
  consentPanelShown("preferences", visibleModals.size > 0);
}

const config: CookieConsent.CookieConsentConfig = {
  mode: "opt-in",
  autoShow: false,
  // The library's own bot check also treats every automated browser as a crawler.
  hideFromBots: false,
  disablePageInteraction: false,
  cookie: {
    name: consentCookieName,
    sameSite: "Lax",
    secure: window.location.protocol === "https:",
  },
  guiOptions: {
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
        // The library's own banner is never shown (autoShow: false); ./ConsentBanner.tsx asks.
        consentModal: {},
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
              title: "Marketing and sharing",
              description:
                "Measure how our campaigns and social media reach people, and show relevant offers on other sites. Switched off, we do not sell or share your information with advertising partners.",
              linkedCategory: "marketing",
            },
          ],
        },
      },
    },
  },
  onFirstConsent: () => useConsentChoice.setState({ asking: false }),
  onModalShow: ({ modalName }) => modalShown(modalName, true),
  onModalHide: ({ modalName }) => modalShown(modalName, false),
};

/** Starts the manager on the stored choice; whether to ask was already read from the cookie (./consentChoice.ts). */
export async function startConsent(): Promise<void> {
  await CookieConsent.run(config);
}

/** The banner's answers. */
export function acceptAll(): void {
  CookieConsent.acceptCategory("all");
}

export function acceptNecessaryOnly(): void {
  CookieConsent.acceptCategory([]);
}

/** A choice of the preferences a visitor can be led straight to. */
export type ConsentChoice = "marketing";

let stopLeading: (() => void) | undefined;

/**
 * Puts keyboard focus on one choice of the open preferences, with its explanation expanded.
 * The library focuses the top of the panel as it opens, at once and again after its fade-in;
 * those moves are sent on to the choice until the panel closes.
 */
function leadTo(choice: ConsentChoice) {
  stopLeading?.();
  const panel = document.querySelector<HTMLElement>("#cc-main .pm");
  const toggle = panel?.querySelector<HTMLInputElement>(`input.section__toggle[value="${choice}"]`);
  if (!panel || !toggle) return;
  toggle.closest(".pm__section--toggle, .pm__section--expandable, .pm__section")?.querySelector<HTMLElement>("[aria-expanded='false']")?.click();
  const controller = new AbortController();
  panel.addEventListener(
    "focusin",
    (event) => {
      const target = event.target;
      if (target instanceof HTMLElement && target.parentElement === panel && target.tabIndex < 0) toggle.focus();
    },
    { signal: controller.signal },
  );
  stopLeading = () => {
    controller.abort();
    stopLeading = undefined;
  };
  toggle.focus();
}

/** The preferences; `choice` leads the visitor to that choice ("Do Not Sell or Share My Information": marketing and sharing). */
export function showPreferences(choice?: ConsentChoice): void {
  CookieConsent.showPreferences();
  if (choice) leadTo(choice);
}
