/**
 * Addresses from content: only http(s), mailto and tel, or site-relative paths, are ever
 * used as a link or image address. Anything else (javascript:, data:, vbscript:) is dropped.
 */
export function safeUrl(raw: string | null | undefined): string | null {
  const url = raw?.trim();
  if (!url) return null;
  if (url.startsWith("/") && !url.startsWith("//")) return url;
  if (url.startsWith("#")) return url;
  try {
    const parsed = new URL(url);
    return ["http:", "https:", "mailto:", "tel:"].includes(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

/** A site path such as "/blogs/x" (a client-side route), as opposed to another site's address. */
export function isSitePath(url: string): boolean {
  return url.startsWith("/") && !url.startsWith("//");
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
