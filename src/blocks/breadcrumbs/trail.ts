/**
 * The breadcrumb trail of a page (SPEC 2.6): Home, one crumb per URL segment (or the
 * layout's own trail), then the page itself.
 */
import { allMenuItems, type SiteMenus } from "../../content/menus.ts";
import { pathTo, type FixedRouteName } from "../../content/paths.ts";
import { menuLabel, menuPath } from "../../ui/menuItems.ts";
import { comparablePath } from "../../ui/url.ts";

export interface Crumb {
  label: string;
  href: string;
}

export const homeCrumb: Crumb = { label: "Home", href: pathTo("home") };

/** Navigation link text by page path: the dropdown (sub-)navigation first, then the other menus. */
export function menuLabels(menus: SiteMenus | null): ReadonlyMap<string, string> {
  const labels = new Map<string, string>();
  if (!menus) return labels;
  for (const item of allMenuItems(menus, ["TopNext", "Top", "BottomLeft", "BottomCenter", "BottomRight", "Bottom"])) {
    const path = menuPath(item.PageURL);
    const label = menuLabel(item);
    if (path !== null && label !== "" && !labels.has(path)) labels.set(path, label);
  }
  return labels;
}

/** "/Smart-work-solutions/operations-transformation" -> "operations transformation". */
function segmentLabel(path: string): string {
  const segment = path.split("/").filter(Boolean).pop() ?? "";
  let text = segment;
  try {
    text = decodeURIComponent(segment);
  } catch {
    // Shown as written.
  }
  return text.replace(/-/g, " ").replace(/\s+/g, " ").trim();
}

interface TrailInput {
  pathname: string;
  labels: ReadonlyMap<string, string>;
  /** The layout's crumbs between Home and the page; absent: one per URL segment. */
  trail?: readonly { route?: FixedRouteName | undefined; href?: string | undefined; label?: string | undefined }[] | undefined;
  /** Text of the page's own crumb; empty: from the navigation or the URL. */
  currentLabel?: string;
}

/** Home first and the page last; just Home on the home page itself. */
export function breadcrumbTrail({ pathname, labels, trail, currentLabel }: TrailInput): Crumb[] {
  const textOf = (href: string) => labels.get(comparablePath(href)) ?? segmentLabel(href);
  const isHome = (href: string) => comparablePath(href) === comparablePath(homeCrumb.href);
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === "/" || isHome(path)) return [homeCrumb];
  const segments = path.split("/").filter(Boolean);
  const between =
    trail?.map((crumb) => {
      const href = crumb.route ? pathTo(crumb.route) : (crumb.href ?? "");
      return { href, label: crumb.label?.trim() || textOf(href) };
    }) ??
    segments.slice(0, -1).map((_, index) => {
      const href = `/${segments.slice(0, index + 1).join("/")}`;
      return { href, label: textOf(href) };
    });
  const current = { href: path, label: currentLabel || textOf(path) || (segments.at(-1) ?? path) };
  return [homeCrumb, ...between.filter((crumb) => crumb.label !== "" && !isHome(crumb.href)), current];
}
