/**
 * The addresses of an editor's preview (CONTENT-API 9), shared by the server's page and the browser.
 *
 * The address fallback: where a browser refuses the
 * preview cookie, the token travels in this query parameter of each page and in-site link of the
 * tab, and of the browser's content calls. The name is stable: a CDN in front passes a request
 * carrying it to the origin uncached (docs/content-editors.md).
 */
export const previewQueryParam = "corvane-preview";

/** The preview notice's id: the browser keeps its exit link on the page shown (src/app/start.tsx; the notice: src/ssr/previewPage.ts). */
export const PREVIEW_NOTICE_ID = "corvane-preview-notice";

/** The exit address of a preview shown at `address` (the page without preview afterwards). */
export const previewExitHref = (address: string) => `/_preview/exit?path=${encodeURIComponent(address)}`;
