import type { ContentItem } from "../../content/contract.ts";
import type { Pin } from "./options.ts";

/** US state codes: an office may be named with its state ("Atlanta GA") or without ("atlanta"). */
const usStates = new Set(
  "al ak az ar ca co ct de dc fl ga hi id il in ia ks ky la me md ma mi mn ms mo mt ne nv nh nj nm ny nc nd oh ok or pa ri sc sd tn tx ut vt va wa wv wi wy".split(" "),
);

/**
 * Pin ids and branch titles compare loosely: any case, words split by spaces, hyphens,
 * underscores or commas, so "New York NY", "new-york" and "New York, NY" are one office.
 */
const pinKey = (text: string) =>
  text
    .toLowerCase()
    .split(/[\s,_-]+/)
    .filter(Boolean)
    .join("-");

/** The key without a trailing US state, when it has one after the city. */
const withoutState = (key: string) => {
  const words = key.split("-");
  const last = words.at(-1);
  return words.length > 1 && last !== undefined && usStates.has(last) ? words.slice(0, -1).join("-") : key;
};

/**
 * Finds the pin a branch title names: the same words first, else the same city where one of
 * the two leaves the state out (two different states are two different offices).
 */
function pinFinder(pins: readonly Pin[]): (title: string) => Pin | undefined {
  const exact = new Map<string, Pin>();
  const byCity = new Map<string, Pin>();
  for (const pin of pins) {
    const key = pinKey(pin.id);
    if (!exact.has(key)) exact.set(key, pin);
    const city = withoutState(key);
    if (!byCity.has(city)) byCity.set(city, pin);
  }
  return (title) => {
    const key = pinKey(title);
    if (!key) return undefined;
    const city = withoutState(key);
    return exact.get(key) ?? (city === key ? byCity.get(key) : exact.get(city));
  };
}

export interface PlacedBranch {
  pin: Pin;
  branch: ContentItem;
}

/**
 * Pairs the map's pins with the page's branches. A pin without a branch has nothing to show
 * and is left off the map; a branch without a pin (another service's office) is returned in
 * `unplaced`, so it is still shown.
 */
export function placeBranches(pins: readonly Pin[], branches: readonly ContentItem[]): { placed: PlacedBranch[]; unplaced: ContentItem[] } {
  const pinFor = pinFinder(pins);
  const byPin = new Map<Pin, ContentItem>();
  const unplaced: ContentItem[] = [];
  for (const branch of branches) {
    const pin = pinFor(branch.title ?? "");
    if (pin && !byPin.has(pin)) byPin.set(pin, branch);
    else unplaced.push(branch);
  }
  const placed = pins.flatMap((pin) => {
    const branch = byPin.get(pin);
    return branch ? [{ pin, branch }] : [];
  });
  return { placed, unplaced };
}

/**
 * A phone number as a tel: address (its digits, with a leading plus), or null when the text
 * is not a phone number: anything but digits and phone punctuation, or fewer than three digits.
 */
export function telHref(phone: string | null): string | null {
  const text = phone?.trim() ?? "";
  if (!/^\+?[\d\s().\-/]+$/.test(text) || (text.match(/\d/g) ?? []).length < 3) return null;
  return `tel:${text.startsWith("+") ? "+" : ""}${text.replace(/\D/g, "")}`;
}
