/**
 * How long browsers and shared caches keep what the site serves, decided here and nowhere else.
 *
 * - A page: browsers revalidate it on every visit (`max-age=0`, with its ETag: a page must never
 *   name assets a deploy removed), while a CDN keeps it for the shared lifetime and answers it
 *   stale while it renews it (RFC 5861 `stale-while-revalidate`) or while the origin fails
 *   (`stale-if-error`): `CDN-Cache-Control` (RFC 9213) and `Surrogate-Control` (Varnish, Fastly)
 *   say so, each lifetime a setting. Its cache tags (./cacheTags.ts) go in the header the
 *   configured CDN reads, and nowhere when none is configured.
 * - Anything personal (a lead's answer, a posted form, a preview, a content call): `private,
 *   no-store`, never a shared-cache header or a tag. `pageCaching` is the one place that writes
 *   shared-cache headers, and it writes none for `personal`.
 * - Hashed assets never change under their name (immutable); other public files an hour.
 */
import { createHash, type Hash } from "node:crypto";
import { isCount, numberSetting } from "../../content/settings.ts";

export const cacheControl = {
  /** What browsers do with a page: revalidate it every time (the CDN's lifetime is in CDN-Cache-Control). */
  html: "public, max-age=0",
  hashedAsset: "public, max-age=31536000, immutable",
  staticFile: "public, max-age=3600",
  /** Leads, posted forms, previews, content calls: neither a browser's disk nor any shared cache keeps them. */
  personal: "private, no-store",
  /** Failures and probes: not kept anywhere (a retry screen, /healthz). */
  noStore: "no-store",
} as const;

/** The CDNs the site tags its pages for, and purges by tag (src/server/edge/purge.ts). */
export const cdns = ["varnish", "fastly", "cloudflare"] as const;
export type Cdn = (typeof cdns)[number];

/** The response header each CDN reads a page's cache tags from (and strips before the visitor). */
export const cacheTagHeader: Record<Cdn, string> = { varnish: "xkey", fastly: "Surrogate-Key", cloudflare: "Cache-Tag" };

/** How tags are joined in that header: a space for xkey and Fastly, a comma for Cloudflare. */
const tagSeparator: Record<Cdn, string> = { varnish: " ", fastly: " ", cloudflare: "," };

export interface EdgePolicy {
  /** CDN: which CDN is in front (its tag header, its purge), or null: no tags sent. */
  cdn: Cdn | null;
  /** EDGE_CACHE_SECONDS (3600): how long a CDN keeps a page fresh; a publish purges it sooner. */
  sharedSeconds: number;
  /** EDGE_STALE_WHILE_REVALIDATE_SECONDS (60): then answered stale at once while one fetch renews it. */
  staleWhileRevalidateSeconds: number;
  /** EDGE_STALE_IF_ERROR_SECONDS (86400): answered stale this long while the origin fails or is down. */
  staleIfErrorSeconds: number;
}

/** The edge settings; an unknown CDN stops the start with a message (a typo would silently send no tags). */
export function edgePolicyFromEnv(env: NodeJS.ProcessEnv): EdgePolicy {
  const named = (env.CDN ?? "").trim().toLowerCase();
  const cdn = cdns.find((name) => name === named) ?? null;
  if (named !== "" && cdn === null) throw new Error(`CDN: "${named}" is not one of ${cdns.join(", ")} (or empty: no CDN)`);
  return {
    cdn,
    sharedSeconds: numberSetting(env.EDGE_CACHE_SECONDS, 3600, isCount),
    staleWhileRevalidateSeconds: numberSetting(env.EDGE_STALE_WHILE_REVALIDATE_SECONDS, 60, isCount),
    staleIfErrorSeconds: numberSetting(env.EDGE_STALE_IF_ERROR_SECONDS, 86_400, isCount),
  };
}

/** Who may keep an answer: every visitor's (a page, a 404, a redirect), or one visitor's alone. */
export type Audience = "shared" | "personal";

/**
 * The caching headers of an answer: a shared one gets the browsers' `max-age=0`, the CDN's
 * lifetimes and its tags in the configured CDN's header; a personal one `private, no-store` and
 * nothing else, whatever tags it was made with.
 */
export function pageCaching(policy: EdgePolicy, audience: Audience, tags: readonly string[] = []): Record<string, string> {
  if (audience === "personal") return { "Cache-Control": cacheControl.personal };
  const shared = `max-age=${policy.sharedSeconds}, stale-while-revalidate=${policy.staleWhileRevalidateSeconds}, stale-if-error=${policy.staleIfErrorSeconds}`;
  const headers: Record<string, string> = { "Cache-Control": cacheControl.html, "CDN-Cache-Control": shared, "Surrogate-Control": shared };
  if (policy.cdn && tags.length > 0) headers[cacheTagHeader[policy.cdn]] = tags.join(tagSeparator[policy.cdn]);
  return headers;
}

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
