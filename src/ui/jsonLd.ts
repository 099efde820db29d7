/**
 * Structured data for search engines, as the text of a <script type="application/ld+json">.
 * Content may hold anything, so every "<" (and the two line separators JavaScript once
 * rejected) is written as a JSON escape: the text can never close its script element or open
 * a comment, and still parses to exactly the same data.
 */
export function jsonLdText(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}
