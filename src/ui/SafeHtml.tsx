/**
 * The one place HTML from content reaches the DOM, sanitized by ./sanitize.ts (DOMPurify).
 *
 * While React hydrates the server's page, an element keeps the HTML the server wrote into it,
 * which the server sanitized with the same code: sanitizing it again would only bring DOMPurify
 * (11 kB gzip) and its work to every phone. It keeps it as ./ServerHtml.tsx keeps a section: an
 * empty `dangerouslySetInnerHTML` object, never rewritten while the content stays the same, with
 * `suppressHydrationWarning`. Whether a render is hydrating is React's own answer:
 * `useSyncExternalStore` gives a hydrating render the server's snapshot. HTML the element gets
 * later (a slider's next item, a list's new page, a page rendered in the browser) is sanitized,
 * DOMPurify being loaded the first time (the section suspends meanwhile).
 * On the server the sanitizer is there from the start (src/ssr/entry-server.tsx).
 */
import { createElement, use, useState, useSyncExternalStore } from "react";
import { hydratesServerPage, startHydratingServerPage } from "./hydratingServerPage.ts";

type Sanitize = (html: string, options?: { inline?: boolean }) => string;

let sanitizer: Sanitize | null = null;
let loading: Promise<Sanitize> | null = null;

/** Makes sanitizing synchronous from here on: the server entry, before its first render (and tests). */
export function provideSanitizer(sanitize: Sanitize): void {
  sanitizer = sanitize;
}

/** The browser hydrates the page the server sent: elements hydrating keep the server's sanitized HTML. */
export function keepServerHtmlWhileHydrating(): void {
  startHydratingServerPage();
}

/**
 * The sanitizer's module, loaded once. The promise says when it has settled (`status`, as React's
 * `use` reads it), so every element rendered after that takes it at once instead of suspending.
 */
function loadSanitizer(): Promise<Sanitize> {
  if (loading) return loading;
  const promise: Promise<Sanitize> & { status?: string; value?: Sanitize } = import("./sanitize.ts").then(({ sanitizeHtml }) => sanitizeHtml);
  void promise.then((value) => Object.assign(promise, { status: "fulfilled", value }), () => undefined);
  loading = promise;
  return promise;
}

const subscribeToNothing = () => () => undefined;
const inABrowserRender = () => false;
const inAHydratingRender = () => true;
const keptHtml = { __html: "" };

interface SafeHtmlProps {
  html: string | null | undefined;
  as?: "div" | "span" | "p" | "section" | "article";
  className?: string;
  id?: string;
}

export function SafeHtml({ html, as = "div", className, id }: SafeHtmlProps) {
  const hydrating = useSyncExternalStore(subscribeToNothing, inABrowserRender, inAHydratingRender);
  // The content the element was hydrated with, kept as the server wrote it until the content changes;
  // then never again (the element holds other HTML by then).
  // (A new tag is a new element: nothing in it to keep either.)
  const [kept, setKept] = useState(() => (hydrating && hydratesServerPage() ? { html, as } : undefined));
  const keeping = kept !== undefined && kept.html === html && kept.as === as;
  if (kept !== undefined && !keeping) setKept(undefined);
  if (!html) return null;
  if (keeping) return createElement(as, { className, id, suppressHydrationWarning: true, dangerouslySetInnerHTML: keptHtml });
  // Provided (the server, tests): at once. In the browser, once loaded (the first render suspends meanwhile);
  // `use` on every such render, as React expects of a render resumed after it suspended.
  const sanitize = sanitizer ?? use(loadSanitizer());
  return createElement(as, { className, id, dangerouslySetInnerHTML: { __html: sanitize(html, { inline: as === "span" || as === "p" }) } });
}
