import { memo } from "react";
import type { MenuItem } from "../content/contract.ts";
import { SmartLink } from "../ui/SmartLink.tsx";
import { openConsentPreferences } from "./consent/loadConsent.ts";
import { isCurrentItem, menuLabel } from "../ui/menuItems.ts";
import { isCareers, isCookieSettings, isDoNotSell } from "./menuLinks.ts";

interface MenuLinkProps {
  item: MenuItem;
  /** The visited path: the item pointing at it is marked as the current page. */
  pathname: string;
  className?: string;
}

/** A control that opens the consent preferences ("Cookie Settings"), or their marketing and sharing choice ("Do Not Sell or Share My Information"). */
export function ConsentButton({ label, className, choice }: { label: string; className?: string; choice?: "marketing" }) {
  return (
    <button type="button" className={`link-button ${className ?? ""}`} aria-haspopup="dialog" onClick={() => void openConsentPreferences(choice)}>
      {label}
    </button>
  );
}

/**
 * One menu item as a control: a link (the current page's with aria-current), "Careers" in a
 * new tab, and "Cookie Settings" and "Do Not Sell or Share My Information" as buttons that
 * open the consent preferences. Memoized: the header renders again as the code takes its
 * controls over (aria-expanded), and its forty-odd links need not render with it.
 */
export const MenuLink = memo(function MenuLink({ item, pathname, className }: MenuLinkProps) {
  const label = menuLabel(item);
  if (isCookieSettings(item)) return <ConsentButton label={label} className={className} />;
  if (isDoNotSell(item)) return <ConsentButton label={label} className={className} choice="marketing" />;
  const current = isCurrentItem(item, pathname);
  const newTab = isCareers(item);
  return (
    <SmartLink
      href={item.PageURL}
      className={`${className ?? ""} ${current ? "is-current" : ""}`}
      newTab={newTab}
      {...(current ? { "aria-current": "page" as const } : {})}
    >
      {label}
      {newTab && (
        <>
          {" "}
          <span className="visually-hidden">(opens in a new tab)</span>
        </>
      )}
    </SmartLink>
  );
});
