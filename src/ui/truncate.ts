/**
 * Cuts text to a number of visible characters (SPEC 9: titles 43, descriptions 50). A
 * character is a grapheme (an emoji or an accented letter is one, a surrogate pair is never
 * split) and an HTML entity such as "&amp;" counts as the one character it shows.
 */
let segmenter: Intl.Segmenter | null | undefined;
/** Made on first use: building it costs several milliseconds, which most pages (ASCII text) never need to pay. */
function graphemeSegmenter(): Intl.Segmenter | null {
  segmenter ??= typeof Intl !== "undefined" && "Segmenter" in Intl ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;
  return segmenter;
}

/** Printable ASCII without line breaks: every character is a grapheme of its own. */
const plainAscii = /^[\x20-\x7e]*$/;

function units(text: string): string[] {
  const out: string[] = [];
  const entity = /&(?:#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});/gi;
  let last = 0;
  const pushGraphemes = (part: string) => {
    const graphemes = plainAscii.test(part) ? null : graphemeSegmenter();
    if (graphemes) for (const { segment } of graphemes.segment(part)) out.push(segment);
    // One at a time: spread into `push`, a text of a few hundred thousand characters overflows the call stack.
    else for (const character of part) out.push(character);
  };
  for (const match of text.matchAll(entity)) {
    pushGraphemes(text.slice(last, match.index));
    out.push(match[0]);
    last = match.index + match[0].length;
  }
  pushGraphemes(text.slice(last));
  return out;
}

const isSpace = (unit: string | undefined) => unit !== undefined && /^\s+$/u.test(unit);

/**
 * `text` when it fits in `max` characters, else at most its first `max` characters and
 * `suffix`. The cut falls after the last whole word when that keeps at least half the limit
 * ("Automating claims intake for a regional...", not "...regional ins..."); a text with no
 * such word boundary is cut at the limit. Trailing spaces and punctuation that would run into
 * the suffix (",", ".", ";", ":") are dropped: "experimental." ends "experimental...", not "....".
 */
export function truncate(text: string, max: number, suffix = "..."): string {
  const parts = units(text);
  if (parts.length <= max) return text;
  let end = max;
  if (!isSpace(parts[max])) {
    let space = max - 1;
    while (space > 0 && !isSpace(parts[space])) space--;
    if (space >= max / 2) end = space;
  }
  const kept = parts.slice(0, end);
  // Unit by unit, so an entity's own ";" ("&amp;") is never taken for punctuation.
  while (kept.length > 0 && /^[\s,.;:]+$/u.test(kept.at(-1) ?? "")) kept.pop();
  return kept.join("") + suffix;
}

/** First letter upper-case, the rest as written. */
export function capitalise(text: string): string {
  const [first = "", ...rest] = units(text);
  return first.toLocaleUpperCase() + rest.join("");
}
