/**
 * Every address of the site a crawler should find, read from the content service the way a
 * visitor would reach it: the route table's fixed pages, every internal address the menus link
 * to, and every blog, case study and thought paper the three lists return (asked page by page).
 * `npm run export` writes a page for each; sitemap.xml lists them, with the date of the content
 * where the service gives one (a list item's `date`: its detail page's `lastmod`).
 */
import { canonicalPath } from "../content/canonicalAddress.ts";
import { contentTypeCodes, machineDate, type ContentListRequest } from "../content/contract.ts";
import type { ContentClient } from "../content/client.ts";
import { detailPath, type RouteName } from "../content/paths.ts";
import { allMenuItems, menusBySlot } from "../content/menus.ts";
import { routeTable } from "../runtime/registry.ts";
import { isSitePath } from "../ui/url.ts";

/** An address of the site, and when its content last changed as far as the content service says (W3C datetime). */
export interface SiteAddress {
  path: string;
  lastmod?: string;
}

/** The lists whose items have detail pages, and the route of those pages (SPEC 2.8). */
export const detailLists = [
  { contentType: contentTypeCodes.Blogs, pageName: "Blogs", detail: "blog" },
  { contentType: contentTypeCodes.CaseStudies, pageName: "CaseStudies", detail: "caseStudy" },
  { contentType: contentTypeCodes.ThoughtPapers, pageName: "thoughtPapers", detail: "thoughtPaper" },
] as const satisfies readonly { contentType: number; pageName: string; detail: RouteName }[];

const listPageSize = 50;
/** A list that says it has more than this is not believed: the export stops asking there. */
const maxListPages = 2000;

/** The fixed routes: no parameters, no redirects. */
export function fixedAddresses(): string[] {
  return routeTable.routes.filter((route) => !route.path.includes(":")).map((route) => route.path);
}

/** The addresses the route table itself answers: its fixed routes and the addresses it redirects (no editor's redirect may take them, CONTENT-API 9). */
export function routeTableAddresses(): string[] {
  return [...fixedAddresses(), ...routeTable.redirects.map((redirect) => redirect.from)];
}

/** A path of this site from a menu (root-relative, or absolute on the site's own origin), without query or hash; null for another site's address. */
export function menuPath(url: string, siteUrl: string): string | null {
  let path = url.trim();
  if (!isSitePath(path)) {
    try {
      const absolute = new URL(path);
      if (absolute.origin !== new URL(siteUrl).origin) return null;
      path = absolute.pathname;
    } catch {
      return null;
    }
  }
  // The page's one address (src/content/canonicalAddress.ts): `/Contact-Us/` in a menu is the route table's `/contact-us`.
  const canonical = canonicalPath(path.split(/[?#]/)[0] ?? "");
  return canonical === null || canonical === "/" ? null : canonical;
}

export async function menuAddresses(client: ContentClient, siteUrl: string): Promise<string[]> {
  const menus = menusBySlot(await client.getMenus());
  return allMenuItems(menus).flatMap((item) => {
    const path = menuPath(item.PageURL ?? "", siteUrl);
    return path ? [path] : [];
  });
}

/** Every item of a list, asked `listPageSize` at a time until the list's total is reached, with the item's date. */
export async function detailAddresses(client: ContentClient, list: (typeof detailLists)[number]): Promise<SiteAddress[]> {
  const addresses: SiteAddress[] = [];
  for (let pageNo = 1; pageNo <= maxListPages; pageNo += 1) {
    const request: ContentListRequest = { contentType: list.contentType, search: "", sort: "Descending", pageName: list.pageName, pageSize: listPageSize, PageNo: pageNo, Filter: "All" };
    const { items, total } = await client.getContentList(request);
    for (const item of items) {
      const path = detailPath(list.detail, item.anchorlink);
      const lastmod = machineDate(item.date);
      if (path) addresses.push(lastmod ? { path, lastmod } : { path });
    }
    if (items.length === 0 || pageNo * listPageSize >= total) break;
  }
  return addresses;
}

/**
 * Each address once, in its one spelling (src/content/canonicalAddress.ts), compared ignoring
 * case as routes are; the route table's spelling wins, and a date any group knows for the
 * address stays with it.
 */
export function uniqueAddresses(groups: readonly (readonly (string | SiteAddress)[])[]): SiteAddress[] {
  const seen = new Map<string, SiteAddress>();
  for (const group of groups) {
    for (const entry of group) {
      const given = typeof entry === "string" ? { path: entry } : entry;
      const address = { ...given, path: canonicalPath(given.path) ?? given.path };
      const key = address.path.toLowerCase();
      const known = seen.get(key);
      if (!known) seen.set(key, { ...address });
      else if (!known.lastmod && address.lastmod) known.lastmod = address.lastmod;
    }
  }
  return [...seen.values()];
}

export async function siteAddresses(client: ContentClient, siteUrl: string): Promise<SiteAddress[]> {
  const [menus, ...lists] = await Promise.all([menuAddresses(client, siteUrl), ...detailLists.map((list) => detailAddresses(client, list))]);
  return uniqueAddresses([fixedAddresses(), menus, ...lists]);
}
