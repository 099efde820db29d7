/** Where the consent manager keeps the visitor's choice (a first-party cookie, 182 days). */
export const consentCookieName = "cc_consent";
