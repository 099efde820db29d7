/**
 * Content HTML that tries to reach the page's own machinery (DOM clobbering): an element carrying
 * the id or name of something the page's code looks up. Issue 45: a `<p id="corvane-hydration">`
 * in a `longDesc` once replaced the page's hydration data, and with `not json` as its text the
 * menus and forms never started.
 */

/** Each payload, as an editor could type it into any HTML field. */
export const clobberingPayloads = {
  "hydration data as JSON": '<p id="corvane-hydration">{"siteUrl":"https://evil.example","loaderData":{}}</p>',
  "hydration data not JSON": '<p id="corvane-hydration">not json</p>',
  "the page's landmarks and document properties": '<span id="root">r</span><a id="main-content" name="getElementById" href="#">m</a><img name="body" alt="">',
} as const;

/** The fields of the contract whose HTML the site shows (page and content items), and the text resources shown as HTML. */
const htmlFields = new Set(["longDesc", "shortDesc", "desc"]);

/**
 * A content answer with `payload` added to every HTML field, however deep (pages, their items,
 * carousels, list results), and to every text resource (`{ name, value }`).
 */
export function withPayloadInEveryHtmlField(answer: unknown, payload: string): unknown {
  if (Array.isArray(answer)) return answer.map((item) => withPayloadInEveryHtmlField(item, payload));
  if (typeof answer !== "object" || answer === null) return answer;
  const resource = "name" in answer && "value" in answer && typeof answer.value === "string";
  return Object.fromEntries(
    Object.entries(answer).map(([key, value]) => {
      if (typeof value === "string" && (htmlFields.has(key) || (resource && key === "value"))) return [key, `${value}${payload}`];
      return [key, withPayloadInEveryHtmlField(value, payload)];
    }),
  );
}
