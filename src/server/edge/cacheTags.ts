/**
 * A page answer's cache tags: which content it was made of, so that a publish purges exactly the
 * answers that show it. Derived from the content answers the render read (the page cache's
 * `deps`, contentCache keys `<call path>\n<body>`) and the address:
 *
 * | tag | on | purged by a publish of |
 * | --- | --- | --- |
 * | `pages` | every page answer (200, 404, redirect) | `"all"` |
 * | `addr:<path>` | the answers of that address (any query) | `addresses` |
 * | `page:<name or path>` | answers made from that page's content (`/api/page/get`) | `pages` |
 * | `menus`, `resources` | every page showing them (every page) | `menus`, `resources` |
 * | `list:<content type>` | pages showing a list of that type (`/api/page/GetContentList`) | `lists` |
 * | `redirects` | answers made with the editors' redirect list | `redirects` |
 *
 * Tags are lower case (Cloudflare's are case-insensitive; page names are matched ignoring case),
 * printable ASCII without spaces or commas (the headers' separators): anything else is
 * percent-encoded, and a tag longer than 128 characters becomes its hash (`h:` and 22 characters).
 */
import { createHash } from "node:crypto";
import { contentOfKey } from "../contentCache.ts";

/** The tag every page answer carries: purging it purges every page, and no built file or media. */
export const everyPageTag = "pages";

const maxTagLength = 128;

/** A tag as every CDN takes it: lower case, no separator, bounded. */
export function tag(kind: string, name = ""): string {
  const raw = `${kind}${name === "" ? "" : `:${name}`}`.toLowerCase();
  const safe = raw.replace(/[^a-z0-9._~:/@!$'()*+;=-]/g, (char) =>
    [...new TextEncoder().encode(char)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`).join(""),
  );
  return safe.length <= maxTagLength ? safe : `h:${createHash("sha256").update(safe).digest("base64url").slice(0, 22).toLowerCase()}`;
}

/** The tag of an address: its path without the query (every view of a list is the same address) or a trailing slash. */
export const addressTag = (address: string) => tag("addr", (address.split("?")[0] ?? address).replace(/(.)\/+$/, "$1"));
export const pageTag = (nameOrPath: string) => tag("page", nameOrPath.trim());
export const listTag = (contentType: number) => tag("list", String(contentType));
export const menusTag = tag("menus");
export const resourcesTag = tag("resources");
export const redirectsTag = tag("redirects");

/** The tag of one content answer a page was made of (a contentCache key), if it names content an edit can change. */
export function contentTag(contentKey: string): string | undefined {
  const content = contentOfKey(contentKey);
  switch (content.call) {
    case "page":
      return pageTag(content.name);
    case "list":
      return listTag(content.contentType);
    case "menus":
      return menusTag;
    case "resources":
      return resourcesTag;
    case "redirects":
      return redirectsTag;
    case "other":
      return undefined;
  }
}

/** Every tag of a page answer: all pages, its address, and the content it was made of. */
export function pageTags(address: string, deps: readonly string[]): string[] {
  const tags = new Set([everyPageTag, addressTag(address)]);
  for (const dep of deps) {
    const found = contentTag(dep);
    if (found) tags.add(found);
  }
  return [...tags];
}
