/**
 * The site footer (SPEC 2.5): logo, description and social profiles; the "Our Solutions"
 * column (…BottomLeft) and two more columns (…BottomCenter, …BottomRight); the legal row
 * (…Bottom, always with "Do Not Sell or Share My Information") with the copyright. Below the fold, so its code loads after the content shows.
 */
import { useId, useMemo } from "react";
import { Link, useLocation } from "react-router-dom";
import type { MenuItem } from "../content/contract.ts";
import { pathTo } from "../content/paths.ts";
import { useResourceText, useSiteMenus } from "../runtime/siteData.ts";
import { SafeHtml } from "../ui/SafeHtml.tsx";
import { toPlainText } from "../ui/text.ts";
import { ConsentButton, MenuLink } from "./MenuLink.tsx";
import { isDoNotSell } from "./menuLinks.ts";
import { SocialIcon } from "./SocialIcon.tsx";
import { socialProfiles } from "./socialProfiles.ts";
import "./footer.css";

function LinkList({ items, pathname, className, labelledBy }: { items: readonly MenuItem[]; pathname: string; className: string; labelledBy?: string }) {
  return (
    <ul className={className} aria-labelledby={labelledBy}>
      {items.map((item) => (
        <li key={item.key}>
          <MenuLink item={item} pathname={pathname} className="site-footer__link" />
        </li>
      ))}
    </ul>
  );
}

/** SPEC 2.5: the legal links, always with "Do Not Sell or Share My Information" (added when the menu lacks it). */
function LegalLinks({ items, pathname, doNotSellLabel, menuFailed }: { items: readonly MenuItem[]; pathname: string; doNotSellLabel: string; menuFailed: boolean }) {
  return (
    <nav aria-label="Legal">
      <ul className="site-footer__legal">
        {items.map((item) => (
          <li key={item.key}>
            <MenuLink item={item} pathname={pathname} className="site-footer__link" />
          </li>
        ))}
        {!items.some(isDoNotSell) && (
          <li>
            <ConsentButton label={doNotSellLabel} className="site-footer__link" choice="marketing" />
          </li>
        )}
        {menuFailed && (
          // Without the menu the legal row keeps what the site itself provides.
          <li>
            <ConsentButton label="Cookie Settings" className="site-footer__link" />
          </li>
        )}
      </ul>
    </nav>
  );
}

function SocialLinks() {
  const profiles = useMemo(() => socialProfiles(), []);
  if (profiles.length === 0) return null;
  return (
    <ul className="site-footer__social">
      {profiles.map((profile) => (
        <li key={profile.url}>
          <a className="site-footer__social-link" href={profile.url} target="_blank" rel="noopener noreferrer" aria-label={`${profile.label} (opens in a new tab)`}>
            <SocialIcon network={profile.network} />
          </a>
        </li>
      ))}
    </ul>
  );
}

export function Footer() {
  const menus = useSiteMenus();
  const { pathname } = useLocation();
  const text = useResourceText();
  const solutionsId = useId();
  if (!menus) return null;
  const { BottomLeft: solutions, BottomCenter: center, BottomRight: right, Bottom: legal, failed } = menus;
  if (!failed && solutions.length + center.length + right.length + legal.length === 0) return null;
  return (
    <footer className="site-footer">
      <div className="container site-footer__main">
        <div className="site-footer__brand">
          <Link to={pathTo("home")} className="site-footer__logo">
            <img src="/images/logo-light.svg" alt="Corvane Global Services home" width={200} height={48} loading="lazy" />
          </Link>
          <SafeHtml className="site-footer__description" html={text("FOOTER-DESCRIPTION")} />
          <SocialLinks />
        </div>
        {solutions.length + center.length + right.length > 0 && (
          <nav className="site-footer__nav" aria-label="Footer">
            {solutions.length > 0 && (
              <div className="site-footer__column">
                <h2 id={solutionsId} className="site-footer__heading">
                  {toPlainText(text("FOOTER-SOLUTIONS-TITLE"))}
                </h2>
                <LinkList items={solutions} pathname={pathname} className="site-footer__links" labelledBy={solutionsId} />
              </div>
            )}
            {[center, right].map((items, index) =>
              items.length > 0 ? (
                <div key={index} className="site-footer__column">
                  <LinkList items={items} pathname={pathname} className="site-footer__links" />
                </div>
              ) : null,
            )}
          </nav>
        )}
      </div>
      <div className="site-footer__bottom">
        <div className="container site-footer__bottom-row">
          <LegalLinks items={legal} pathname={pathname} doNotSellLabel={toPlainText(text("FOOTER-DO-NOT-SELL"))} menuFailed={failed} />
          <p className="site-footer__copyright">{toPlainText(text("FOOTER-COPYRIGHT"))}</p>
        </div>
      </div>
    </footer>
  );
}
