import { useMemo } from "react";
import { useLocation } from "react-router-dom";
import { defineBlock, type BlockProps } from "../../runtime/block.tsx";
import { useRuntime } from "../../runtime/context.tsx";
import { useSiteMenus } from "../../runtime/siteData.ts";
import { jsonLdText } from "../../ui/jsonLd.ts";
import { SmartLink } from "../../ui/SmartLink.tsx";
import { toPlainText } from "../../ui/text.ts";
import type { BreadcrumbsOptions } from "./options.ts";
import { breadcrumbTrail, menuLabels, type Crumb } from "./trail.ts";
import "./breadcrumbs.css";

/** The same trail as BreadcrumbList structured data, for search results. */
function StructuredData({ crumbs }: { crumbs: Crumb[] }) {
  const { siteUrl } = useRuntime();
  const data = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.label,
      item: new URL(crumb.href, siteUrl).href,
    })),
  };
  return <script type="application/ld+json">{jsonLdText(data)}</script>;
}

/** SPEC 2.6, the WAI-ARIA breadcrumb pattern: a labelled navigation with an ordered list, the page itself last. */
export function Breadcrumbs({ slotId, page, options }: BlockProps<BreadcrumbsOptions>) {
  const { pathname } = useLocation();
  const menus = useSiteMenus();
  const labels = useMemo(() => menuLabels(menus), [menus]);
  const currentLabel = options.current === "path" ? "" : toPlainText(page[options.current]);
  const crumbs = breadcrumbTrail({ pathname, labels, trail: options.trail, currentLabel });
  // The home page is the root of every trail: it has none of its own.
  if (crumbs.length < 2) return null;
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb" data-slot={slotId}>
      <ol className="container breadcrumbs__list">
        {crumbs.map((crumb, index) => {
          const current = index === crumbs.length - 1;
          return (
            <li key={`${index}-${crumb.href}`} className="breadcrumbs__item">
              <SmartLink href={crumb.href} className="breadcrumbs__link" {...(current ? { "aria-current": "page" as const } : {})}>
                {crumb.label}
              </SmartLink>
            </li>
          );
        })}
      </ol>
      <StructuredData crumbs={crumbs} />
    </nav>
  );
}

export const block = defineBlock<BreadcrumbsOptions>("breadcrumbs", Breadcrumbs);
