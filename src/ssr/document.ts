/**
 * The HTML document of a server-rendered page: the built index.html with the page's head (title,
 * description, canonical, Open Graph), its blocks' styles written in, src/boot.ts in place of
 * the entry's script (see deferHydration), the page's HTML in #root, and the router's data the
 * browser hydrates from.
 */
// The five characters HTML and XML treat specially, as entities (text and attribute values alike).
import { escapeUTF8 } from "entities";
import type { HeadTags } from "../app/pageHead.tsx";
import { HYDRATION_SCRIPT_OPEN, scriptSafeJson, type HydrationData } from "../runtime/hydrationData.ts";
import type { BuiltFiles } from "./site.ts";

/** The part of Vite's build manifest (dist/.vite/manifest.json) read here. */
export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
export type BuildManifest = Record<string, ManifestChunk>;


export function headHtml(head: HeadTags | null, fallbackTitle: string): string {
  if (!head) return `<title>${escapeUTF8(fallbackTitle)}</title>`;
  return [
    `<title>${escapeUTF8(head.title)}</title>`,
    ...head.metas.map(({ key, value, content }) => `<meta ${key}="${escapeUTF8(value)}" content="${escapeUTF8(content)}" />`),
    `<link rel="canonical" href="${escapeUTF8(head.canonical)}" />`,
  ].join("\n    ");
}

/**
 * The style files of `styles` and the script files of `scripts` (source modules), with what they
 * import, less what the entry (already in index.html) brings: every block's styles arrive with
 * the HTML, so nothing shifts; the above-the-fold blocks' code is named for src/boot.ts, which
 * requests it with the entry's (see deferHydration). `later` is what hydrates after the shell
 * (the blocks below the fold, the footer): its files are named for boot.ts to prefetch, so that
 * they are in the browser's cache when hydration asks for them.
 * `app` is the module the entry imports a task after its own code (src/app/start.tsx): its files
 * and styles go with every page, as the entry's do, but are not in index.html.
 */
export function pageAssets(
  manifest: BuildManifest,
  modules: { app?: string; styles: readonly string[]; scripts: readonly string[]; later?: readonly string[] },
  styleTexts?: ReadonlyMap<string, string>,
): { styles: string; scripts: string[]; prefetch: string[] } {
  /** A module's chunk and style files and those of what it imports statically, into `into`. */
  const staticGraph = (key: string, into: Set<string>, skip: ReadonlySet<string> = new Set()) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file) || skip.has(chunk.file)) return;
    into.add(chunk.file);
    for (const css of chunk.css ?? []) if (!skip.has(css)) into.add(css);
    for (const imported of chunk.imports ?? []) staticGraph(imported, into, skip);
  };
  const entryFiles = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) staticGraph(key, entryFiles);
  const appFiles = new Set<string>();
  if (modules.app !== undefined) staticGraph(modules.app, appFiles, entryFiles);
  const everyPage = new Set([...entryFiles, ...appFiles]);

  /**
   * The chunk files and style files of a module and everything it imports; with `later`, also
   * what it imports on demand (a block's slider, loaded once it hydrates): a style sheet added
   * after the first paint makes the browser restyle the whole page, a long task on a phone.
   */
  const collect = (roots: readonly string[], later: boolean) => {
    const files = new Set<string>();
    const css = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || everyPage.has(chunk.file) || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const file of chunk.css ?? []) if (!everyPage.has(file)) css.add(file);
      for (const imported of chunk.imports ?? []) visit(imported);
      if (later) for (const imported of chunk.dynamicImports ?? []) visit(imported);
    };
    for (const root of roots) visit(root);
    return { files, css };
  };
  const isCss = (file: string) => file.endsWith(".css");
  const styles = [...[...appFiles].filter(isCss), ...collect(modules.styles, true).css];
  const scripts = [...[...appFiles].filter((file) => !isCss(file)), ...collect(modules.scripts, false).files];
  const prefetch = [...collect(modules.later ?? [], false).files].filter((file) => !isCss(file) && !scripts.includes(file));
  return {
    styles: styles.map((file) => styleTag(file, styleTexts)).join("\n    "),
    scripts: scripts.map((file) => `/${file}`),
    prefetch: prefetch.map((file) => `/${file}`),
  };
}

/** The source module of src/boot.ts in the build manifest. */
const bootModule = "src/boot.ts";
const entryScript = /<script type="module"(?: crossorigin)? src="(\/[^"]+)"><\/script>/;
const modulePreload = /[ \t]*<link rel="modulepreload"(?: crossorigin)? href="(\/[^"]+)">\r?\n?/g;
/** Where src/boot.ts goes in the hydrated page's template: the entry script's place. */
const bootScriptSlot = "<!--app-boot-->";

/**
 * A style file as the page needs it: written into the HTML when its text is at hand (no
 * render-blocking request before the first paint; CSP allows inline styles), else linked.
 * A written-in file also gets a disabled link (never fetched, never applied): the code's loader,
 * finding a stylesheet link for a block's styles, does not fetch and apply them a second time.
 * In the HTML, not added by the code: a link added once the page is up restyles all of it.
 */
function styleTag(file: string, styles: ReadonlyMap<string, string> | undefined): string {
  const css = styles?.get(file);
  const href = `/${escapeUTF8(file)}`;
  // "</style" cannot occur in built CSS outside a string; escaped anyway so it can never end the element.
  if (css !== undefined) return `<style data-href="${href}">${css.replace(/<\/style/gi, "<\\/style")}</style><link rel="stylesheet" href="${href}" disabled />`;
  return `<link rel="stylesheet" href="${href}" />`;
}

/** The entry's own stylesheet links in index.html, written in place as styles when their text is at hand. */
function inlineEntryStyles(template: string, styles: ReadonlyMap<string, string> | undefined): string {
  if (!styles) return template;
  return template.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g, (link, file: string) => (styles.has(file) ? styleTag(file, styles) : link));
}

/** Elements of index.html for the plain single-page build only: the generic head and the "needs JavaScript" note. */
const staticHeadElement = /[ \t]*<(title|meta|link)\b[^>]*\bdata-static-head\b[^>]*>(?:[^<]*<\/title>)?\r?\n?/g;
const noscriptElement = /[ \t]*<noscript>[\s\S]*?<\/noscript>\r?\n?/g;

/**
 * React writes the resource hints it finds while rendering (image preloads) before the app's
 * markup; they belong in the head, where the browser acts on them before the body is parsed.
 */
export function splitResourceHints(html: string): { hints: string; body: string } {
  const leading = /^(?:<link\b[^>]*\/?>)+/.exec(html);
  return leading ? { hints: leading[0], body: html.slice(leading[0].length) } : { hints: "", body: html };
}

/** The places of index.html a page's parts go, each found once when the template is opened. */
const slots = ["<!--app-head-->", "</head>", bootScriptSlot, '<div id="root">', "<!--app-html-->", "</body>"] as const;
type Slot = (typeof slots)[number];

/** index.html cut at its slots, once: the text between them, and which slot follows each piece. */
interface CutTemplate {
  pieces: readonly string[];
  slots: readonly Slot[];
}

function cut(template: string): CutTemplate {
  const found = slots.map((slot) => ({ slot, at: template.indexOf(slot) })).filter(({ at }) => at >= 0).sort((a, b) => a.at - b.at);
  const pieces: string[] = [];
  let from = 0;
  for (const { slot, at } of found) {
    pieces.push(template.slice(from, at));
    from = at + slot.length;
  }
  pieces.push(template.slice(from));
  return { pieces, slots: found.map(({ slot }) => slot) };
}

/** What goes into one page's document. */
export interface PageParts {
  /** The page's own head (./headHtml), its structured data after it. */
  head: string;
  /** The page's style files (pageAssets' `styles`): after everything else in the head, as the browser's own loading would put them. */
  styles: string;
  /** The React render: the page's markup, led by the resource hints React writes first (they go into the head). */
  html: string;
  /** The router's data the browser hydrates from (on the retry screen, only where the page comes from: the browser loads the page itself). */
  data: HydrationData;
  /** Code the browser needs before it hydrates (pageAssets' `scripts`), and what it prefetches after (`prefetch`). */
  scripts: readonly string[];
  prefetch: readonly string[];
  /** HTML outside the app's root, before it (a preview's notice): no hydration touches it. */
  beforeRoot?: string | undefined;
}

/** What every page's document is made from: the build's files (./site.ts BuiltFiles), its manifest read. */
export type TemplateFiles = Omit<BuiltFiles, "manifest" | "throwRouteErrors"> & { manifest: BuildManifest };

/** A page's document made from the template cut once (see documentTemplate). */
export interface DocumentTemplate {
  /** The page, hydrated by src/boot.ts. */
  page(parts: PageParts): string;
  /** The 503 screen: index.html's own loading, not hydrated (the browser starts over). */
  retryScreen(parts: Omit<PageParts, "scripts" | "prefetch">): string;
}

/**
 * index.html read once, when the site opens: its generic head and no-script note dropped, the
 * entry's style links written in as styles, its script and module preloads taken out and
 * replaced, page by page, by src/boot.ts with the page's own lists; then cut at the places each
 * page fills. A page is then the pieces joined with its parts, no pattern run over the whole text.
 *
 * src/boot.ts asks for the entry, its preloads and the page's `scripts` (the above-the-fold
 * blocks' code) at the first paint (or once the HTML is parsed), then prefetches `prefetch` (what
 * hydrates after the shell) at the lowest priority: the first screen's requests do not share the
 * connection with the script files. Written into the page when its text is given, it is not
 * waited for as a file of its own. The largest files are asked for first: on HTTP/1.1 the first
 * screen's pictures hold most of the six connections, and React's file, which arrives last
 * whatever the order, should not queue behind a file of a few hundred bytes (docs/performance.md).
 * A build without src/boot.ts keeps index.html's loading, the page's `scripts` preloaded.
 */
export function documentTemplate(files: TemplateFiles): DocumentTemplate {
  const plain = inlineEntryStyles(files.template, files.styles).replace(staticHeadElement, "").replace(noscriptElement, "");
  const boot = files.manifest[bootModule];
  const entry = entryScript.exec(plain)?.[1];
  const preloads = [...plain.matchAll(modulePreload)].map((match) => match[1] ?? "");
  const deferred = boot && entry !== undefined ? plain.replace(modulePreload, "").replace(entryScript, bootScriptSlot) : plain;
  const hydrated = cut(deferred);
  const retry = cut(plain);
  const size = (file: string) => files.scriptSizes?.get(file.replace(/^\//, "")) ?? 0;

  const bootScript = (scripts: readonly string[], prefetch: readonly string[]) => {
    if (!boot || entry === undefined) return "";
    // Largest first; a stable sort keeps the given order among files of unknown size.
    const ordered = [entry, ...preloads, ...scripts].filter((file, index, all) => file !== "" && all.indexOf(file) === index).sort((a, b) => size(b) - size(a));
    const later = prefetch.filter((file) => !ordered.includes(file));
    const prefetchAttribute = later.length > 0 ? ` data-prefetch="${escapeUTF8(later.join(" "))}"` : "";
    const lists = `data-entry="${escapeUTF8(entry)}" data-modulepreload="${escapeUTF8(ordered.join(" "))}"${prefetchAttribute}`;
    return files.bootScript === undefined
      ? // Low priority: it does nothing before the page has loaded, so it never competes with the first screen.
        `<script type="module" crossorigin fetchpriority="low" src="/${escapeUTF8(boot.file)}" ${lists}></script>`
      : // Async: it runs as it is parsed (it holds early taps from then on) and asks for the code at the first paint.
        `<script type="module" async ${lists}>${files.bootScript}</script>`;
  };

  const compose = (template: CutTemplate, parts: PageParts, links: string) => {
    const { hints, body } = splitResourceHints(parts.html);
    // The last child of <body>, without an id: the browser finds it there (findHydrationScript), out of content's reach.
    const dataScript = `${HYDRATION_SCRIPT_OPEN}${scriptSafeJson(parts.data)}</script>`;
    const value: Record<Slot, string> = {
      "<!--app-head-->": [parts.head, hints].filter(Boolean).join("\n    "),
      // Block styles after the entry's (which Vite puts last in the head): they win ties of specificity, as when the browser loads them.
      "</head>": `${links ? `  ${links}\n  ` : ""}${parts.styles ? `  ${parts.styles}\n  ` : ""}</head>`,
      [bootScriptSlot]: bootScript(parts.scripts, parts.prefetch),
      '<div id="root">': `${parts.beforeRoot ? `${parts.beforeRoot}\n    ` : ""}<div id="root">`,
      "<!--app-html-->": body,
      "</body>": `  ${dataScript}\n  </body>`,
    };
    let html = template.pieces[0] ?? "";
    template.slots.forEach((slot, index) => (html += value[slot] + (template.pieces[index + 1] ?? "")));
    return html;
  };

  return {
    // Without src/boot.ts, the page's code is preloaded by links in the head.
    page: (parts) => compose(hydrated, parts, boot && entry !== undefined ? "" : parts.scripts.map((file) => `<link rel="modulepreload" crossorigin href="${escapeUTF8(file)}" />`).join("\n    ")),
    retryScreen: (parts) => compose(retry, { ...parts, scripts: [], prefetch: [] }, ""),
  };
}
