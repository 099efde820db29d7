import type { ContentItem } from "../../content/contract.ts";
import type { Pin } from "./options.ts";

/** Pin ids and branch titles compare loosely: "New York", "new_york" and "new-york" are one office. */
export const pinKey = (text: string) => text.trim().toLowerCase().replace(/[\s_]+/g, "-");

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
  const byKey = new Map<string, ContentItem>();
  const unplaced: ContentItem[] = [];
  const pinKeys = new Set(pins.map((pin) => pinKey(pin.id)));
  for (const branch of branches) {
    const key = pinKey(branch.title ?? "");
    if (pinKeys.has(key) && !byKey.has(key)) byKey.set(key, branch);
    else unplaced.push(branch);
  }
  const placed = pins.flatMap((pin) => {
    const branch = byKey.get(pinKey(pin.id));
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
