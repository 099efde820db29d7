/**
 * The consent manager is a library of its own (vanilla-cookieconsent, with 34 kB of styles): it
 * loads when a visitor answers the cookie question or opens "Cookie Settings", not with every
 * page. Whether to ask is read from the cookie (./consentChoice.ts); the manager's styles,
 * arriving while a page is being read, made the phone restyle the whole page for nothing.
 */
type Manager = typeof import("./manager.ts");

let loading: Promise<Manager> | undefined;

/** Loads and starts the consent manager once; the first visit then shows the consent banner. */
export function loadConsentManager(): Promise<Manager> {
  loading ??= import("./manager.ts").then(async (manager) => {
    await manager.startConsent();
    return manager;
  });
  // A failed load (offline, a deploy in between) is tried again on the next call.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/**
 * "Cookie Settings": the consent preferences, where earlier choices can be changed;
 * "Do Not Sell or Share My Information" opens them at the marketing and sharing choice.
 */
export async function openConsentPreferences(choice?: "marketing"): Promise<void> {
  try {
    (await loadConsentManager()).showPreferences(choice);
  } catch (error) {
    console.error("the cookie settings could not be opened:", error);
  }
}
