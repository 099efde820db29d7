/**
 * How long browsers and shared caches keep what the site serves. HTML is revalidated on every
 * visit (a stale page could name assets a deploy removed) while a CDN may hold it a minute;
 * hashed assets never change under their name; other public files change rarely.
 */
import { createHash, type Hash } from "node:crypto";

export const cacheControl = {
  html: "public, max-age=0, s-maxage=60, stale-while-revalidate=300",
  hashedAsset: "public, max-age=31536000, immutable",
  staticFile: "public, max-age=3600",
  /** Service answers (leads above all) are never stored. */
  noStore: "no-store",
} as const;

/**
 * The validator browsers and CDNs revalidate with, from the bytes alone, so every instance gives
 * the same one. Weak: one resource goes out as several byte sequences (identity, br, gzip).
 */
export const weakEtag = (bytes: Uint8Array) => weakEtagOf(createHash("sha256").update(bytes));

/** The same validator from a SHA-256 fed as the bytes went by (a file written as it streamed in). */
export const weakEtagOf = (sha256: Hash) => `W/"${sha256.digest("base64url").slice(0, 32)}"`;

const fileExtension = /\.[A-Za-z0-9]+$/;

/** The Cache-Control of a static path: `/assets/…` is Vite's hashed output; a path without a file extension is a page. */
export function cacheControlFor(pathname: string): string {
  if (pathname.startsWith("/assets/")) return cacheControl.hashedAsset;
  const last = pathname.slice(pathname.lastIndexOf("/") + 1);
  if (!fileExtension.test(last) || last.toLowerCase().endsWith(".html")) return cacheControl.html;
  return cacheControl.staticFile;
}
