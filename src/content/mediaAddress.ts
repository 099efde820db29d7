/**
 * Where content media are fetched from when the site's own server (or its export) stands in
 * for the content service (CONTENT-API 1, "Media addresses"): a root-relative media address
 * `/media/img/a.jpg` is on the content service's origin, and the site answers it at
 * `/_media/media/img/a.jpg`. A raster picture is also offered resized, at
 * `/_media/media/img/a.jpg.640w.avif`: a plain path, so an exported copy is a plain file a
 * static host serves with the right type. Shared by the server (src/server/media) and the
 * pages (src/ui/media.ts), so both spell an address the same way.
 */

/** The site's path prefix for content media. */
export const MEDIA_PREFIX = "/_media";

/** The file extensions of media addresses: pictures, videos, captions, documents and Lottie animations (the server's allow-list of types: src/server/media/mediaHandler.ts). */
const mediaExtensions = new Set(["jpg", "jpeg", "png", "webp", "avif", "gif", "svg", "mp4", "webm", "vtt", "pdf", "json"]);

/** The file extension of a path, lower case ("" without one). */
export function extensionOf(path: string): string {
  const last = path.slice(path.lastIndexOf("/") + 1);
  const dot = last.lastIndexOf(".");
  return dot <= 0 ? "" : last.slice(dot + 1).toLowerCase();
}

/** A path whose extension is a media type's: a file, never a page address. */
export const isMediaPath = (path: string) => mediaExtensions.has(extensionOf(path.split(/[?#]/, 1)[0] ?? ""));

/** Pictures made smaller and re-encoded on the way; SVG (and animations) pass through as they are. */
export const isRasterPath = (path: string) => ["jpg", "jpeg", "png", "webp"].includes(extensionOf(path.split(/[?#]/, 1)[0] ?? ""));

/** The widths offered, in CSS pixels times density: a phone's full width at 1.75x lands on 768, a desktop card on 480 or 640. */
export const variantWidths = [320, 480, 640, 768, 960, 1280, 1600, 1920] as const;
export type VariantWidth = (typeof variantWidths)[number];

/** Best first: what a `<picture>` offers before the original. */
export const variantFormats = ["avif", "webp"] as const;
export type VariantFormat = (typeof variantFormats)[number];

/** The resized copy of a picture at `path` (a path under the prefix, or the content's own). */
export const variantPath = (path: string, width: VariantWidth, format: VariantFormat) => `${path}.${String(width)}w.${format}`;

/** The suffix of a resized copy, spelled exactly as `variantPath` writes it: lower case, the width as written. */
const variantPattern = /^(.+)\.(\d+)w\.(avif|webp)$/;
/** Anything that looks like a resized copy in another spelling (`.640W.AVIF`, `.0640w.avif`). */
const variantLike = /\.\d+w\.(avif|webp)$/i;

/**
 * The original and the size and format asked for, when `path` names a resized copy of one of the
 * widths and formats offered, in the one spelling `variantPath` writes: every other spelling of
 * the same copy would be a resize and a disk copy of its own.
 */
export function parseVariant(path: string): { original: string; width: VariantWidth; format: VariantFormat } | null {
  const match = variantPattern.exec(path);
  if (!match || match[1] === undefined || !isRasterPath(match[1])) return null;
  const width = variantWidths.find((offered) => String(offered) === match[2]);
  const format = variantFormats.find((offered) => offered === match[3]);
  return width !== undefined && format !== undefined ? { original: match[1], width, format } : null;
}

/** A path that looks like a resized copy but is not one offered, in the one spelling: no such file. */
export const isOtherVariantSpelling = (path: string) => variantLike.test(path) && parseVariant(path) === null;

/**
 * The still of a Lottie animation at `path` (a `.json` under the prefix): one frame drawn as SVG
 * by the site's server (src/server/media/animationStills.ts), `/_media/media/a.json.still.svg`.
 * A plain path, like a resized copy, so an exported copy is a plain file.
 */
export const animationStillPath = (path: string) => `${path}.still.svg`;

const stillPattern = /^(.+\.json)\.still\.svg$/;

/** The animation whose still `path` names, in the one spelling `animationStillPath` writes; null for any other path. */
export function parseAnimationStill(path: string): { original: string } | null {
  const match = stillPattern.exec(path);
  return match?.[1] === undefined ? null : { original: match[1] };
}

/** What a path segment holds as it is (RFC 3986 pchar: unreserved, sub-delims, ":" and "@"); the rest is escaped. */
const segmentCharacter = /^[A-Za-z0-9\-._~!$&'()*+,;=:@]$/;

/** A decoded segment written as a browser writes a path: pchar as it is, everything else as its UTF-8 bytes escaped. */
const encodeSegment = (segment: string) => Array.from(segment, (character) => (segmentCharacter.test(character) ? character : encodeURIComponent(character))).join("");

/**
 * A media path's one spelling (issue 45): decoded, then written again one way (each segment's
 * characters as they may stand in a path, `logo@2x.png`; the rest escaped, `a%20b.jpg`), with
 * repeated slashes as one. `p%68oto-%31.jpg` and `photo-1.jpg` are one file, fetched, resized and
 * kept once, as a content service that decodes paths (nginx, S3) reads both; a service that
 * matches paths as written is asked the spelling a browser sends. Null for a path that does not
 * round-trip or would leave the address given: a malformed escape or bytes that are no UTF-8, a
 * control character, `\`, a `.` or `..` segment, or another host (`//host/x`).
 */
export function canonicalMediaPath(path: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (!decoded.startsWith("/") || decoded.startsWith("//") || /[\u0000-\u001f\u007f\\]/.test(decoded)) return null;
  const segments = decoded.split("/").filter((segment) => segment !== "");
  if (segments.some((segment) => segment === "." || segment === "..")) return null;
  let canonical: string;
  try {
    canonical = `/${segments.map(encodeSegment).join("/")}`;
  } catch {
    // A lone surrogate: no UTF-8 to write.
    return null;
  }
  // Written again and read back, it must be the same file.
  return decodeURIComponent(canonical) === `/${segments.join("/")}` ? canonical : null;
}
