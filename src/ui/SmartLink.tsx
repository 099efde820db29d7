import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { canonicalHref } from "../content/canonicalAddress.ts";
import { isSitePath, safeUrl } from "./url.ts";

interface SmartLinkProps {
  href: string | null | undefined;
  children: ReactNode;
  className?: string;
  newTab?: boolean;
  onClick?: () => void;
  "aria-label"?: string;
  "aria-current"?: "page";
}

/** A site path becomes a client-side link to the page's one address, another site's address an ordinary one; an unsafe address renders its text only. */
export function SmartLink({ href, children, className, newTab = false, onClick, ...aria }: SmartLinkProps) {
  const url = safeUrl(href);
  if (!url) return <span className={className}>{children}</span>;
  const tab = newTab ? { target: "_blank", rel: "noopener noreferrer" } : {};
  if (isSitePath(url) && !newTab) {
    return (
      <Link to={canonicalHref(url)} className={className} onClick={onClick} {...aria}>
        {children}
      </Link>
    );
  }
  return (
    <a href={url} className={className} onClick={onClick} {...tab} {...aria}>
      {children}
    </a>
  );
}
