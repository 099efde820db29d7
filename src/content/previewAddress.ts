/**
 * The address fallback of an editor's preview (CONTENT-API 9): where a browser refuses the
 * preview cookie, the token travels in this query parameter of each page and in-site link of the
 * tab, and of the browser's content calls. The name is stable: a CDN in front passes a request
 * carrying it to the origin uncached (docs/content-editors.md).
 */
export const previewQueryParam = "corvane-preview";
