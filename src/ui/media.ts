/**
 * The one place a content media address becomes the address a page uses (CONTENT-API 1,
 * "Media addresses"; docs/media.md). An absolute address (a CDN) stays as it is. A
 * root-relative one is on the content service's origin:
 * - on a server-made page (the production server, the export, and the browser hydrating one of
 *   them) it goes through the site's own `/_media/` (src/server/media), which also offers
 *   pictures resized;
 * - in the plain single-page build it is resolved against VITE_CONTENT_API_BASE (unchanged
 *   when that is empty: the service is the site's own origin).
 */
import type { CSSProperties } from "react";
import { config } from "../config.ts";
import { isMediaPath, isRasterPath, MEDIA_PREFIX, variantFormats, variantPath, variantWidths } from "../content/mediaAddress.ts";
import { isSitePath, safeUrl } from "./url.ts";

let throughSite = false;

/**
 * Called once where a page is made on the server (src/ssr/entry-server.tsx) and where the
 * browser finds the server's page data (src/main.tsx): media go through the site's `/_media/`.
 */
export function serveMediaThroughSite(on = true): void {
  throughSite = on;
}

/** True where media go through the site's `/_media/` (a server-made page). */
export const mediaServedThroughSite = (): boolean => throughSite;

/** The address a page loads a content media file from; null for an empty or unsafe one. */
export function mediaUrl(raw: string | null | undefined): string | null {
  const url = safeUrl(raw);
  if (url === null || !isSitePath(url)) return url;
  if (throughSite) return `${MEDIA_PREFIX}${url}`;
  return config.contentApiBase ? new URL(url, config.contentApiBase).href : url;
}

/** A link inside content HTML to a file (by its extension) on the content service; null for anything else (a page address). */
export function linkedFileUrl(raw: string): string | null {
  const url = safeUrl(raw);
  return url !== null && isSitePath(url) && isMediaPath(url) ? mediaUrl(url) : null;
}

export interface ResponsiveSource {
  type: `image/${(typeof variantFormats)[number]}`;
  srcSet: string;
}

/**
 * The resized copies a `<picture>` offers before the original: AVIF, then WebP, each at every
 * width offered. Only for JPEG, PNG and WebP pictures the site's server answers; none for SVG,
 * a CDN's address or the single-page build.
 */
export function responsiveSources(url: string): ResponsiveSource[] {
  if (!url.startsWith(`${MEDIA_PREFIX}/`) || url.includes("?") || !isRasterPath(url)) return [];
  // In a srcset a space or a comma ends the address ("/_media/team photo.jpg" would be two broken candidates).
  const address = url.replace(/[\s,]/g, (character) => encodeURIComponent(character));
  return variantFormats.map((format) => ({
    type: `image/${format}`,
    srcSet: variantWidths.map((width) => `${variantPath(address, width, format)} ${String(width)}w`).join(", "),
  }));
}

/** The copies a background picture is offered at: one for a phone's screen, one for any wider, each with the screens it is for (src/styles/global.css picks by the same 48rem). */
export const backgroundScreens = {
  narrow: { width: 768, media: "(max-width: 47.99rem)" },
  wide: { width: 1920, media: "(min-width: 48rem)" },
} as const;

/**
 * The inline style of an element showing a content picture as its background: custom properties the
 * stylesheet turns into its `background-image` (src/styles/global.css), not the image itself, so the
 * stylesheet can choose. `--background` is the address as given; for a picture the site's server
 * resizes, `--background-narrow` and `--background-wide` offer its copy for the screen's width in
 * AVIF or WebP, the original last (`image-set()`: the browser takes the first type it shows).
 */
export function backgroundStyle(url: string): CSSProperties {
  const original = `url(${JSON.stringify(url)})`;
  const style: Record<string, string> = { "--background": original };
  if (responsiveSources(url).length > 0) {
    for (const [screen, { width }] of Object.entries(backgroundScreens)) {
      const copies = variantFormats.map((format) => `url(${JSON.stringify(variantPath(url, width, format))}) type("image/${format}")`);
      style[`--background-${screen}`] = `image-set(${[...copies, original].join(", ")})`;
    }
  }
  return style;
}
