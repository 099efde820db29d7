/**
 * SPEC 4: a sample-video popup's id is its title lowercased with the spaces removed
 * ("Investor Deck Sample" -> "investordecksample"). Ids stay unique on a page: a repeated or
 * empty title gets a number.
 */
export function popupIds(titles: readonly string[]): string[] {
  const used = new Map<string, number>();
  return titles.map((title, index) => {
    const base = title.toLowerCase().replace(/\s+/g, "") || `video-${index + 1}`;
    const count = (used.get(base) ?? 0) + 1;
    used.set(base, count);
    return count === 1 ? base : `${base}-${count}`;
  });
}
