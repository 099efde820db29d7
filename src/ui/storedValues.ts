/**
 * The values SPEC 3 keeps in the browser, under one set of keys. Storage can be full,
 * disabled or blocked; none of that may break a page, so every access is guarded.
 */
export const storedKeys = {
  presentationService: "isPresentationService",
  parentPage: "parentPage",
  ancestorPage: "ancestorPage",
  bodyHeight: "bodyHeight",
  /** A cookie-banner answer the consent manager has not stored yet (src/chrome/consent/consentChoice.ts). */
  consentAnswer: "consent-answer",
} as const;

type StoredKey = (typeof storedKeys)[keyof typeof storedKeys];

export function readStored(key: StoredKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: StoredKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable (private mode, quota): the value is a convenience, not a requirement.
  }
}

export function removeStored(key: StoredKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Storage unavailable: there is nothing to remove.
  }
}

/** The address of the page being shown, as SPEC 3 stores it (path, query and hash). */
export function currentAddress(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}
