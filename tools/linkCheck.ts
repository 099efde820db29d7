/**
 * Link integrity (`npm run check:links`, `npm run export`): every internal link a page shows
 * (menus, footer, cards, panels, breadcrumbs, links in content HTML, layout links) is followed,
 * and each one that leads nowhere is listed with the page it is on and where on that page.
 *
 * "Leads nowhere" is what a visitor meets: the site answers 404 (a detail route whose item the
 * content service does not have), or sends them to the home page with a 302 (the catch-all,
 * when the content service answers `id: 0`). The route table's own redirects (301) are
 * followed. Pages are parsed with htmlparser2 and queried with css-select (cheerio's parser and
 * selector engine: a page in tens of milliseconds, where jsdom's full window took most of a
 * second, which made the check of a whole site slower than rendering it); links to other sites
 * are never fetched. Where the pages come from is the caller's: a running site over HTTP
 * (./check-links.ts) or the renderer of an export (./exportSite.ts).
 */
import { selectAll, selectOne } from "css-select";
import { isTag, type AnyNode, type Document, type Element } from "domhandler";
import { getAttributeValue, getElementById, textContent } from "domutils";
import { parseDocument } from "htmlparser2";
import { JSDOM, VirtualConsole } from "jsdom";

/** What the site answers for an address: its status, its redirect target, its HTML when it is a page. */
export interface SiteAnswer {
  status: number;
  location?: string | null;
  html?: string | null;
  /** The reader cannot tell whether the address exists, and why (e.g. a media file of the content service). */
  unknown?: string;
}

/** Answers an address of the site (a path with its leading slash). */
export type SiteReader = (path: string) => Promise<SiteAnswer>;

export interface LinkOnPage {
  /** The page the link is on. */
  page: string;
  /** As written in the page. */
  href: string;
  /** The link's text (or its accessible name). */
  text: string;
  /** Where on the page: landmarks and sections, outermost first ("footer › navigation "Footer""). */
  where: string;
}

export interface BrokenLink {
  /** The address the link leads to (its path). */
  target: string;
  why: string;
  /** Each place it is linked from. */
  from: LinkOnPage[];
}

export interface LinkReport {
  /** Pages whose links were read. */
  pages: number;
  /** Internal links seen, counting each occurrence. */
  links: number;
  broken: BrokenLink[];
  /** Addresses that could not be checked (the site failed, or a file the reader cannot see), with the reason. */
  unchecked: { target: string; why: string; from: LinkOnPage[] }[];
}

export interface CheckOptions {
  /** Where reading starts: the home page, the sitemap's addresses, the exported pages. */
  seeds: readonly string[];
  read: SiteReader;
  /** The origin the site is read from: links to it are internal. */
  siteUrl: string;
  /** The site's public origin (SITE_URL), when it is another: absolute links to it are internal too. */
  publicUrl?: string | undefined;
  /** Read the links of the pages that links lead to as well (default true). */
  follow?: boolean;
  concurrency?: number;
  /** A site that keeps producing new addresses is not read forever. */
  maxPages?: number;
}

type Outcome = { kind: "page"; path: string; html: string | null } | { kind: "broken"; why: string } | { kind: "unchecked"; why: string };

/** Addresses compare as routes match: ignoring case and a trailing slash. */
const keyOf = (path: string) => (path.replace(/\/+$/, "") || "/").toLowerCase();

const maxRedirects = 5;

/** Follows an address the way a visitor's browser would, and says whether it ends on a page. */
async function outcomeOf(path: string, read: SiteReader, origin: string): Promise<Outcome> {
  let current = path;
  for (let hop = 0; hop <= maxRedirects; hop += 1) {
    let answer: SiteAnswer;
    try {
      answer = await read(current);
    } catch (error) {
      return { kind: "unchecked", why: `the site did not answer: ${error instanceof Error ? error.message : String(error)}` };
    }
    const { status } = answer;
    if (answer.unknown) return { kind: "unchecked", why: answer.unknown };
    if (status >= 200 && status < 300) return { kind: "page", path: current, html: answer.html ?? null };
    if (status === 404 || status === 410) return { kind: "broken", why: current === path ? `no such page (${status})` : `redirects to ${current}, which has no page (${status})` };
    if (status >= 300 && status < 400 && answer.location) {
      const next = new URL(answer.location, new URL(current, origin));
      if (next.origin !== origin) return { kind: "page", path: current, html: null };
      // The catch-all's answer to `id: 0`: the visitor lands on the home page without a word.
      if (status === 302 && next.pathname === "/" && keyOf(current) !== "/") return { kind: "broken", why: "the content service has no such page (id 0): the site sends visitors to the home page" };
      current = `${next.pathname}${next.search}`;
      continue;
    }
    return { kind: "unchecked", why: `the site answered ${status}` };
  }
  return { kind: "broken", why: `more than ${maxRedirects} redirects` };
}

const attribute = (element: Element, name: string) => getAttributeValue(element, name)?.trim() ?? "";
const text = (node: AnyNode) => textContent(node).replace(/\s+/g, " ").trim();
const parentElement = (node: AnyNode): Element | null => (node.parent && isTag(node.parent) ? node.parent : null);
const insideArticleOrSection = (element: Element) => {
  for (let at = parentElement(element); at; at = parentElement(at)) if (at.name === "article" || at.name === "section") return true;
  return false;
};

/** A landmark or section an element is in, as a reader would name it; null for other elements. */
function placeName(element: Element, document: Document): string | null {
  const labelled = () => {
    const label = attribute(element, "aria-label");
    if (label) return label;
    const ids = attribute(element, "aria-labelledby").split(/\s+/).filter(Boolean);
    const labels = ids.map((id) => getElementById(id, document)).flatMap((found) => (found ? [text(found)] : []));
    if (labels.join("")) return labels.join(" ").trim();
    const heading = selectOne<AnyNode, Element>("h1, h2, h3", element);
    return heading ? text(heading) : "";
  };
  const named = (kind: string, name: string) => (name ? `${kind} "${name}"` : kind);
  const slot = getAttributeValue(element, "data-slot");
  switch (element.name) {
    case "header":
      return insideArticleOrSection(element) ? null : "header";
    case "footer":
      return insideArticleOrSection(element) ? null : "footer";
    case "nav":
      return named("navigation", labelled());
    case "aside":
      return named("aside", labelled());
    case "dialog":
      return named("dialog", labelled());
    case "article":
      return named("article", labelled());
    case "section":
      return slot ? `${named("section", labelled())} (slot ${slot})` : named("section", labelled());
    default:
      return slot ? `block (slot ${slot})` : null;
  }
}

/** Where an element is: its landmarks and sections, outermost first. */
function whereOnPage(element: Element, document: Document): string {
  const places: string[] = [];
  for (let at = parentElement(element); at; at = parentElement(at)) {
    const name = placeName(at, document);
    if (name) places.unshift(name);
  }
  return places.join(" › ") || "page body";
}

/** The internal links of a page: each link's target path, with where it is. */
export function pageLinks(html: string, page: string, siteUrl: string, publicUrl?: string): { target: string; link: LinkOnPage }[] {
  const origin = new URL(siteUrl).origin;
  const origins = new Set([origin, ...(publicUrl ? [new URL(publicUrl).origin] : [])]);
  const document = parseDocument(html);
  const baseElement = selectOne<AnyNode, Element>("base[href]", document);
  const base = new URL(baseElement ? attribute(baseElement, "href") : "", new URL(page, origin));
  const found: { target: string; link: LinkOnPage }[] = [];
  for (const anchor of selectAll<AnyNode, Element>("a[href], area[href]", document)) {
    const href = attribute(anchor, "href");
    if (href === "" || href.startsWith("#")) continue;
    let url: URL;
    try {
      url = new URL(href, base);
    } catch {
      continue;
    }
    if (!origins.has(url.origin) || !/^https?:$/.test(url.protocol)) continue;
    found.push({ target: url.pathname, link: { page, href, text: text(anchor) || attribute(anchor, "aria-label"), where: whereOnPage(anchor, document) } });
  }
  return found;
}

/** Reads the site from `seeds`, following internal links, and lists every link that leads nowhere. */
export async function checkLinks({ seeds, read, siteUrl, publicUrl, follow = true, concurrency = 4, maxPages = 20_000 }: CheckOptions): Promise<LinkReport> {
  const origin = new URL(siteUrl).origin;
  /** Each address is read once, whether a link or a redirect leads there. */
  const once = <T>(cache: Map<string, Promise<T>>, path: string, make: () => Promise<T>) => {
    const key = keyOf(path);
    let known = cache.get(key);
    if (!known) {
      known = make();
      cache.set(key, known);
    }
    return known;
  };
  const answers = new Map<string, Promise<SiteAnswer>>();
  const readOnce: SiteReader = (path) => once(answers, path, () => read(path));
  const outcomes = new Map<string, Promise<Outcome>>();
  const outcome = (path: string) => once(outcomes, path, () => outcomeOf(path, readOnce, origin));
  const scanned = new Set<string>();
  const links = new Map<string, { target: string; from: LinkOnPage[] }>();
  const queued = new Set<string>();
  const queue: string[] = [];
  const enqueue = (path: string) => {
    const key = keyOf(path);
    if (queued.has(key) || queued.size >= maxPages) return;
    queued.add(key);
    queue.push(path);
  };
  for (const seed of seeds) enqueue(seed);

  let pages = 0;
  let linkCount = 0;
  const scan = async (path: string) => {
    const result = await outcome(path);
    // A page reached through a redirect is named, and its links read, at the address it ends on.
    if (result.kind !== "page" || !result.html || scanned.has(keyOf(result.path))) return;
    scanned.add(keyOf(result.path));
    pages += 1;
    for (const { target, link } of pageLinks(result.html, result.path, siteUrl, publicUrl)) {
      linkCount += 1;
      const key = keyOf(target);
      const entry = links.get(key) ?? { target, from: [] };
      entry.from.push(link);
      links.set(key, entry);
      if (follow) enqueue(target);
    }
  };
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) await scan(path);
  };
  // Workers finish when the queue is empty; a page scanned meanwhile may queue more, so go round again.
  while (queue.length > 0) await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));

  const report: LinkReport = { pages, links: linkCount, broken: [], unchecked: [] };
  for (const [key, { target, from }] of [...links].sort(([a], [b]) => a.localeCompare(b))) {
    const result = await (outcomes.get(key) ?? outcome(target));
    if (result.kind === "broken") report.broken.push({ target, why: result.why, from });
    else if (result.kind === "unchecked") report.unchecked.push({ target, why: result.why, from });
  }
  return report;
}

/** A report as lines for a terminal: each broken address, then where it is linked from (a link on every page once). */
export function formatReport(report: LinkReport, options: { limit?: number } = {}): string[] {
  const limit = options.limit ?? 5;
  const lines: string[] = [];
  const describe = (from: LinkOnPage[]) => {
    const places = new Map<string, { link: LinkOnPage; pages: string[] }>();
    for (const link of from) {
      const key = `${link.where}\u0000${link.text}\u0000${link.href}`;
      const place = places.get(key) ?? { link, pages: [] };
      place.pages.push(link.page);
      places.set(key, place);
    }
    for (const { link, pages } of places.values()) {
      const on = pages.length > limit ? `${pages.slice(0, limit).join(", ")} and ${pages.length - limit} more pages` : pages.join(", ");
      lines.push(`    "${link.text}" (href="${link.href}") in ${link.where}, on ${on}`);
    }
  };
  for (const { target, why, from } of report.broken) {
    lines.push(`  broken: ${target}: ${why}`);
    describe(from);
  }
  for (const { target, why, from } of report.unchecked) {
    lines.push(`  not checked: ${target}: ${why}`);
    describe(from);
  }
  return lines;
}

/** Reads a running site over HTTP, as a browser would ask for a page (redirects are the checker's to follow). */
export function httpReader(siteUrl: string, fetchFn: typeof fetch = fetch): SiteReader {
  const get = async (path: string, attempt = 1): Promise<Response> => {
    try {
      return await fetchFn(new URL(path, siteUrl), { redirect: "manual", headers: { Accept: "text/html" } });
    } catch (error) {
      // A kept-alive connection the server closed as it was reused fails the request, not the page: ask again.
      if (attempt >= 3) throw error;
      return get(path, attempt + 1);
    }
  };
  return async (path) => {
    const response = await get(path);
    const isHtml = (response.headers.get("content-type") ?? "").includes("text/html");
    const html = response.status >= 200 && response.status < 300 && isHtml ? await response.text() : null;
    if (html === null) await response.body?.cancel();
    return { status: response.status, location: response.headers.get("location"), html };
  };
}

/** The addresses a site's sitemap lists (following a sitemap index), as paths. */
export async function sitemapPaths(siteUrl: string, fetchFn: typeof fetch = fetch): Promise<string[]> {
  const paths: string[] = [];
  const read = async (url: string, depth: number): Promise<void> => {
    const response = await fetchFn(url);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    // One XML file: jsdom's XML parser (linkedom's is untyped).
    const { document } = new JSDOM(await response.text(), { contentType: "application/xml", virtualConsole: new VirtualConsole() }).window;
    // A part is read from the site being checked, whatever public origin the sitemap names.
    for (const sitemap of document.querySelectorAll("sitemap > loc")) if (depth < 2) await read(new URL(new URL(sitemap.textContent.trim()).pathname, siteUrl).href, depth + 1);
    for (const loc of document.querySelectorAll("url > loc")) paths.push(new URL(loc.textContent.trim()).pathname);
  };
  await read(new URL("/sitemap.xml", siteUrl).href, 0);
  return paths;
}
