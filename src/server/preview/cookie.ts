/**
 * Where a browser keeps its preview (CONTENT-API 9): a cookie that also works in an editor's
 * iframe on another site. `__Host-`: set by this origin only, for every path, never by a
 * subdomain; `HttpOnly`: the token is never given to script; `SameSite=None; Partitioned`: sent
 * inside another site's frame, kept apart per top-level site (CHIPS), so a preview started in the
 * editor's tool is not a preview anywhere else. It expires with the token, and is deleted with
 * the same attributes (a cookie deleted without `Partitioned` would stay). Where a browser refuses
 * it, the token travels in the address instead, as `previewQueryParam` (./previewRoutes.ts).
 * The names are stable: a CDN in front passes requests carrying either to the origin uncached.
 */
import { previewQueryParam } from "../../content/previewAddress.ts";

export { previewQueryParam };

export const previewCookieName = "__Host-corvane-preview";

const attributes = "Path=/; Secure; HttpOnly; SameSite=None; Partitioned";

/** The Set-Cookie that starts a preview with `token`, expiring when the token does (`exp`, unix seconds). */
export function previewCookie(token: string, exp: number, nowMs: number = Date.now()): string {
  return `${previewCookieName}=${token}; Max-Age=${String(Math.max(1, exp - Math.floor(nowMs / 1000)))}; ${attributes}`;
}

/** The Set-Cookie that ends it. */
export const endPreviewCookie = `${previewCookieName}=; Max-Age=0; ${attributes}`;

/** The preview cookie's values in a Cookie header (a browser may send two of one name: each is checked). */
export function previewCookieValues(header: string | undefined): string[] {
  if (header === undefined || !header.includes(previewCookieName)) return [];
  return header.split(";").flatMap((pair) => {
    const at = pair.indexOf("=");
    return at !== -1 && pair.slice(0, at).trim() === previewCookieName ? [pair.slice(at + 1).trim()] : [];
  });
}
