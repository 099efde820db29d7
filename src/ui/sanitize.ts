/**
 * The one place HTML from content is sanitized. Everything goes through DOMPurify with the HTML
 * profile only (no SVG or MathML, the usual mutation-XSS routes), no forms, no styles and no
 * frames; links that open a new tab get rel="noopener noreferrer". Content's `id` and `name` are
 * prefixed (`user-content-`, DOMPurify's SANITIZE_NAMED_PROPS), so content cannot stand in for an
 * element of the page's own (its hydration data, the main landmark, a form field a label names);
 * fragment links and id references inside content are prefixed alike and still reach their
 * target (`contentAnchor`). Shown by ./SafeHtml.tsx; in the
 * browser this module (and DOMPurify, 11 kB gzip) is loaded only to show content HTML the server
 * did not send already sanitized (see there).
 */
import DOMPurify from "dompurify";
import { canonicalHref } from "../content/canonicalAddress.ts";
import { htmlWindow, type HtmlWindow } from "./htmlWindow.ts";
import { linkedFileUrl, mediaServedThroughSite, mediaUrl } from "./media.ts";
import { rememberAnswers } from "./rememberAnswers.ts";
import { CONTENT_ID_PREFIX } from "./contentIds.ts";
import { isSitePath } from "./url.ts";

/** The attributes of content HTML that name a media file (a link's only when it names a file). */
const mediaAttributes: Readonly<Record<string, readonly string[]>> = { IMG: ["src"], VIDEO: ["src", "poster"], AUDIO: ["src"], SOURCE: ["src"], TRACK: ["src"], A: ["href"] };


/** Attributes of content HTML that name other elements by id, a space-separated list. */
const idReferences = new Set(["for", "headers", "list", "aria-labelledby", "aria-describedby", "aria-controls", "aria-owns", "aria-activedescendant", "aria-details", "aria-errormessage", "aria-flowto"]);

const prefixed = (id: string) => (id.startsWith(CONTENT_ID_PREFIX) ? id : `${CONTENT_ID_PREFIX}${id}`);

/**
 * A fragment link inside content (`#team`) aims at content's own element, whose id is prefixed:
 * the link is prefixed alike. `#` and `#top` (the page's top, HTML's own meaning) stay as they are.
 */
export function contentAnchor(href: string): string {
  if (!href.startsWith("#") || href === "#" || href.toLowerCase() === "#top") return href;
  return `#${prefixed(href.slice(1))}`;
}

interface Purify {
  window: HtmlWindow;
  /** Sanitizes and fits for context, every call. */
  purify: (html: string, inline: boolean) => string;
  /** The browser's answers: the same content is sanitized once (./rememberAnswers.ts). */
  sanitize: (html: string, inline: boolean) => string;
}

let purify: Purify | undefined;

/** One DOMPurify per DOM it works in: the browser's window, or the server's (see ./htmlWindow.ts). */
function purifier(): Purify {
  const window = htmlWindow();
  if (purify?.window !== window) {
    const instance = DOMPurify(window);
    instance.addHook("afterSanitizeAttributes", (node) => {
      if (node.nodeName === "A" && node.getAttribute("target") === "_blank") {
        node.setAttribute("rel", "noopener noreferrer");
      }
      // Content's ids are prefixed by DOMPurify (SANITIZE_NAMED_PROPS): what points at them inside content follows.
      for (const { name, value } of [...node.attributes]) {
        if ((name === "href" && value.startsWith("#")) || name === "usemap") node.setAttribute(name, contentAnchor(value));
        else if (idReferences.has(name)) node.setAttribute(name, value.split(/\s+/).filter(Boolean).map(prefixed).join(" "));
      }
      // Files the content links or embeds load from where the page loads its media (./media.ts).
      for (const name of mediaAttributes[node.nodeName] ?? []) {
        const value = node.getAttribute(name)?.trim();
        // Only a root-relative address changes; anything else stays as DOMPurify judged it.
        if (value === undefined || !isSitePath(value)) continue;
        // DOMPurify has judged the address already; an address this does not rewrite stays as it is.
        // A link to a page is written as the page's one address (src/content/canonicalAddress.ts).
        const url = name === "href" ? (linkedFileUrl(value) ?? canonicalHref(value)) : mediaUrl(value);
        if (url !== null) node.setAttribute(name, url);
      }
    });
    const purifyHere = (html: string, inline: boolean) => fitForContext(instance.sanitize(html, purifyOptions), inline);
    const sanitize = rememberAnswers(
      purifyHere,
      // Media addresses are rewritten by where media load from, so that is part of what an answer depends on.
      (html, inline) => `${mediaServedThroughSite() ? "site" : "service"} ${inline ? "inline" : "block"}\n${html}`,
    );
    purify = { window, purify: purifyHere, sanitize };
  }
  return purify;
}

const purifyOptions = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select", "option", "iframe", "frame", "object", "embed", "base", "meta", "link"],
  FORBID_ATTR: ["style", "srcset", "formaction", "action"],
  ALLOW_DATA_ATTR: false,
  ADD_ATTR: ["target"],
  // `id="corvane-hydration"` or `name="email"` in content becomes `user-content-…`: never one of the page's own.
  SANITIZE_NAMED_PROPS: true,
};

/** Elements an HTML parser places by their parent: outside it they close the page's own elements (an `<li>` closes the card it sits in). */
const placedByParent: Readonly<Record<string, readonly string[]>> = { LI: ["UL", "OL", "MENU"], DT: ["DL", "DIV"], DD: ["DL", "DIV"] };

/** Phrasing content: all that may stand inside a `<span>` or `<p>` and parse back the same. */
const phrasing = new Set(["A", "ABBR", "B", "BDI", "BDO", "BR", "CITE", "CODE", "DATA", "DFN", "EM", "I", "IMG", "KBD", "MARK", "Q", "S", "SAMP", "SMALL", "SPAN", "STRONG", "SUB", "SUP", "TIME", "U", "VAR", "WBR"]);

/**
 * Content HTML reaches the page as markup the server writes into its HTML, and an HTML parser
 * places some elements by context: the same string must parse into the same tree inside the
 * element that holds it, or the page around it breaks (and hydration with it). Elements that
 * would not are unwrapped (their text kept): orphan list items, and in inline holders anything
 * that is not phrasing content. Runs on DOMPurify's output, on the server and in the browser alike.
 */
function fitForContext(clean: string, inline: boolean): string {
  const template = htmlWindow().document.createElement("template");
  template.innerHTML = clean;
  const misplaced = (element: Element) => {
    if (inline && !phrasing.has(element.tagName)) return true;
    const parents = placedByParent[element.tagName];
    return parents !== undefined && !parents.includes(element.parentElement?.tagName ?? "");
  };
  // Innermost first: unwrapping an element never changes whether one of its ancestors is placed right.
  for (const element of [...template.content.querySelectorAll("*")].reverse()) {
    if (misplaced(element)) element.replaceWith(...element.childNodes);
  }
  return template.innerHTML;
}

/** Sanitized content HTML, remembered: the browser's (the server remembers its answers itself, bounded by size: src/ssr/routedPage.tsx). */
export function sanitizeHtml(html: string, { inline = false }: { inline?: boolean } = {}): string {
  return purifier().sanitize(html, inline);
}

/** Sanitized content HTML, worked out on every call: for a caller that keeps answers its own way. */
export function purifyHtml(html: string, { inline = false }: { inline?: boolean } = {}): string {
  return purifier().purify(html, inline);
}
