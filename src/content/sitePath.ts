/**
 * The one site-path rule: whether an address is a path of this site ("/blogs/x"), as opposed to
 * another site's address. Links from content, media addresses, redirects kept by editors and
 * the page a preview opens are all judged by it, in the browser and on the server.
 *
 * A browser reads an address after dropping its tabs and line breaks, and reads `\` as `/`
 * (WHATWG URL, for http and https): `//evil.example`, `/\evil.example` and `/\t/evil.example`
 * all name another host, so none of them is a site path.
 */
export function isSitePath(url: string): boolean {
  const read = url.replace(/[\t\n\r]/g, "");
  return read.startsWith("/") && !/^\/[/\\]/.test(read);
}
