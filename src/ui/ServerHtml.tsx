/**
 * A section whose block does nothing in the browser (registry/blocks.json's `interactive: false`)
 * keeps the HTML the server rendered, and the browser never downloads the block's code.
 *
 * While React hydrates the server's page, this renders an element of the section's own tag with
 * an empty `dangerouslySetInnerHTML` and `suppressHydrationWarning`: React hydrates the element
 * itself and leaves everything inside it as the server wrote it (it neither compares nor replaces
 * inner HTML while hydrating, and an unchanged `__html` is never written on a later render). The
 * element's other attributes are not React's either: hydration does not patch attributes.
 * This is the one other place besides ./SafeHtml.tsx that sets inner HTML (hence createElement:
 * lint keeps `dangerouslySetInnerHTML` out of JSX), and it sets none: it only keeps what is there.
 * SafeHtml keeps one element's content the same way while it hydrates; this keeps a whole section.
 */
import { createElement, memo, type MouseEvent } from "react";
import { useNavigate } from "react-router-dom";

/** The section of `slotId` the server rendered, if the page holds one (its block's root carries `data-slot`). */
function serverSection(slotId: string, root: ParentNode): Element | null {
  const element = root.querySelector(`[data-slot="${CSS.escape(slotId)}"]`);
  // A section the server could not render is React's placeholder, rendered anew in the browser: nothing to keep.
  if (!element || element.classList.contains("block-loading") || element.classList.contains("block-error")) return null;
  return element;
}

/**
 * What the browser keeps of a slot's server HTML while hydrating: the tag of the section's root
 * element, or "" when the block rendered nothing there (a home page's breadcrumbs). A block that
 * does nothing in the browser renders one element carrying `data-slot`, or nothing
 * (docs/blocks.md); anything else would not hydrate.
 */
export function keptServerSection(slotId: string, root: ParentNode = document): string {
  return serverSection(slotId, root)?.tagName.toLowerCase() ?? "";
}

const kept = { __html: "" };

/**
 * A link the router rendered (React Router's `<Link>` marks its anchors `data-discover`) inside
 * kept HTML is a plain anchor: React never attached the router's click handler to it. Its clicks
 * are routed here, as the router's own Link would (a plain left click on a link to this site,
 * opening in this tab), so a visitor moves between pages without reloading the site.
 */
function routedHref(event: MouseEvent<HTMLElement>): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest("a") : null;
  if (!anchor?.hasAttribute("data-discover") || !event.currentTarget.contains(anchor)) return null;
  if ((anchor.target !== "" && anchor.target !== "_self") || anchor.hasAttribute("download")) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The server's HTML of a section, kept as it is (see the top of this file). */
export const ServerHtml = memo(function ServerHtml({ tag, slotId }: { tag: string; slotId: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const href = routedHref(event);
    if (href === null) return;
    event.preventDefault();
    void navigate(href);
  };
  if (tag === "") return null;
  return createElement(tag, { "data-slot": slotId, onClick, suppressHydrationWarning: true, dangerouslySetInnerHTML: kept });
});
