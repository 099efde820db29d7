/**
 * What DOMPurify's SANITIZE_NAMED_PROPS puts before the `id` and `name` of content HTML
 * (src/ui/sanitize.ts): no id of the page's own starts so. Apart from the sanitizer, so the page's
 * effects can read it without loading DOMPurify.
 */
export const CONTENT_ID_PREFIX = "user-content-";
