import { isSitePath } from "../content/canonicalAddress.ts";

export { isSitePath };

/**
 * Addresses from content: only http(s), mailto and tel, or site-relative paths, are ever
 * used as a link or image address. Anything else (javascript:, data:, vbscript:) is dropped.
 */
export function safeUrl(raw: string | null | undefined): string | null {
  const url = raw?.trim();
  if (!url) return null;
  if (isSitePath(url)) return url;
  if (url.startsWith("#")) return url;
  try {
    const parsed = new URL(url);
    return ["http:", "https:", "mailto:", "tel:"].includes(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

/** A site path compared the way routes match: ignoring case, a trailing slash, query and hash. */
export function comparablePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? "";
  let decoded = bare;
  try {
    decoded = decodeURIComponent(bare);
  } catch {
    // A malformed escape is compared as written.
  }
  return decoded.replace(/\/+$/, "").toLowerCase() || "/";
}
