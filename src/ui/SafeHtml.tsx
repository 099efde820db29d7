/**
 * The one place HTML from content reaches the DOM. Everything goes through DOMPurify with
 * the HTML profile only (no SVG or MathML, the usual mutation-XSS routes), no forms, no
 * styles and no frames; links that open a new tab get rel="noopener noreferrer".
 */
import DOMPurify, { type DOMPurify as Purifier } from "dompurify";
import { createElement } from "react";
import { htmlWindow, type HtmlWindow } from "./htmlWindow.ts";

let purify: { window: HtmlWindow; instance: Purifier } | undefined;

/** One DOMPurify per DOM it works in: the browser's window, or the server's (see ./htmlWindow.ts). */
function purifier(): Purifier {
  const window = htmlWindow();
  if (purify?.window !== window) {
    const instance = DOMPurify(window);
    instance.addHook("afterSanitizeAttributes", (node) => {
      if (node.nodeName === "A" && node.getAttribute("target") === "_blank") {
        node.setAttribute("rel", "noopener noreferrer");
      }
    });
    purify = { window, instance };
  }
  return purify.instance;
}

export function sanitizeHtml(html: string): string {
  return purifier().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select", "option", "iframe", "frame", "object", "embed", "base", "meta", "link"],
    FORBID_ATTR: ["style", "srcset", "formaction", "action"],
    ALLOW_DATA_ATTR: false,
    ADD_ATTR: ["target"],
  });
}

interface SafeHtmlProps {
  html: string | null | undefined;
  as?: "div" | "span" | "p" | "section" | "article";
  className?: string;
  id?: string;
}

export function SafeHtml({ html, as = "div", className, id }: SafeHtmlProps) {
  if (!html) return null;
  return createElement(as, { className, id, dangerouslySetInnerHTML: { __html: sanitizeHtml(html) } });
}
