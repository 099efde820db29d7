/**
 * The one site-path rule: whether an address is a path of this site ("/blogs/x"), as opposed to
 * another site's address. Links from content, media addresses, redirects kept by editors and
 * the page a preview opens are all judged by it, in the browser and on the server.
 */
export function isSitePath(url: string): boolean {
  return url.startsWith("/") && !url.startsWith("//");
}
