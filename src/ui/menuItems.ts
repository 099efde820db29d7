/**
 * Reading menu items (CONTENT-API 2) for display: their text and the site page they point at.
 * Shared by the header, the footer and the breadcrumbs.
 */
import type { MenuItem } from "../content/contract.ts";
import { toPlainText } from "./text.ts";
import { comparablePath, isSitePath, safeUrl } from "./url.ts";

export const menuLabel = (item: MenuItem): string => toPlainText(item.MenuName);

/** The site path a menu address points at (comparable form), or null for another site's address, a fragment or nothing. */
export function menuPath(pageUrl: string | null): string | null {
  const url = safeUrl(pageUrl);
  return url !== null && isSitePath(url) ? comparablePath(url) : null;
}

/** True when the item is a link to the page at `pathname`. */
export function isCurrentItem(item: MenuItem, pathname: string): boolean {
  const path = menuPath(item.PageURL);
  return path !== null && path === comparablePath(pathname);
}

/** True when the item, or any item below it, is the page at `pathname`. */
export function containsCurrent(item: MenuItem, pathname: string): boolean {
  return isCurrentItem(item, pathname) || item.SubMenu.some((sub) => containsCurrent(sub, pathname));
}
