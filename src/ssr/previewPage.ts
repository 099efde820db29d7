/**
 * What a page rendered in an editor's preview (CONTENT-API 9) has that no other page has: the
 * notice that says so, until when, and how to leave (plain HTML outside the app's root, so it
 * works without script and hydration never touches it); and, when the browser refused the
 * preview cookie, the token in the address of every in-site link (the page's canonical link and
 * og:url, in the head, keep the plain address).
 */
import { escapeUTF8 } from "entities";
import { PREVIEW_NOTICE_ID, previewExitHref, previewQueryParam } from "../content/previewAddress.ts";
import { isSitePath } from "../content/canonicalAddress.ts";

/** The notice at the top of a page in preview: a draft or the published version, until when, and the exit. */
export function previewNotice({ draft, until, address }: { draft: boolean; until: number; address: string }): string {
  const ends = new Date(until * 1000);
  const time = `${ends.toISOString().slice(11, 16)} UTC`;
  const what = draft ? "<strong>Preview — not published.</strong> This page shows unpublished changes." : "<strong>Preview.</strong> The content service sent the published version of this page.";
  return (
    `<div id="${PREVIEW_NOTICE_ID}" role="region" aria-label="Preview" style="position:relative;z-index:2147483647;margin:0;padding:.6rem 1rem;background:#fff4c2;color:#1a1a1a;border-bottom:2px solid #8a6d00;font:16px/1.4 system-ui,sans-serif">` +
    `<p style="margin:0">${what} The preview ends at <time datetime="${ends.toISOString()}">${time}</time>. ` +
    `<a href="${escapeUTF8(previewExitHref(address))}" style="color:#1a1a1a;font-weight:600;text-decoration:underline">Exit preview</a></p></div>`
  );
}

/** Addresses of the site that are not pages: their own requests, which the address fallback does not follow. */
const notPages = /^\/(?:_media|_preview|api|assets|media|documents)(?:\/|$)/i;

/**
 * Every in-site link (`<a href="/…">`) of a rendered page's markup with the preview's token in
 * its query, so a browser without the cookie stays in the preview page after page.
 */
export function withPreviewLinks(html: string, token: string): string {
  const param = `${previewQueryParam}=${encodeURIComponent(token)}`;
  return html.replace(/(<a\b[^>]*?\shref=")([^"]*)(")/g, (whole, before: string, href: string, after: string) => {
    if (!isSitePath(href) || notPages.test(href) || href.includes(`${previewQueryParam}=`)) return whole;
    const hash = href.indexOf("#");
    const [address, fragment] = hash === -1 ? [href, ""] : [href.slice(0, hash), href.slice(hash)];
    return `${before}${address}${address.includes("?") ? "&amp;" : "?"}${param}${fragment}${after}`;
  });
}
