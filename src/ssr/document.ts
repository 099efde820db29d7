/**
 * The HTML document of a server-rendered page: the built index.html with the page's head (title,
 * description, canonical, Open Graph), its blocks' styles written in, src/boot.ts in place of
 * the entry's script (see deferHydration), the page's HTML in #root, and the router's data the
 * browser hydrates from.
 */
// The five characters HTML and XML treat specially, as entities (text and attribute values alike).
import { escapeUTF8 } from "entities";
import type { HeadTags } from "../app/pageHead.ts";
import { HYDRATION_SCRIPT_OPEN, scriptSafeJson, type HydrationData } from "../runtime/hydrationData.ts";

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
  readStyle?: (file: string) => string | undefined,
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
    styles: styles.map((file) => styleTag(file, readStyle)).join("\n    "),
    scripts: scripts.map((file) => `/${file}`),
    prefetch: prefetch.map((file) => `/${file}`),
  };
}

/** The source module of src/boot.ts in the build manifest. */
const bootModule = "src/boot.ts";
const entryScript = /<script type="module"(?: crossorigin)? src="(\/[^"]+)"><\/script>/;
const modulePreload = /[ \t]*<link rel="modulepreload"(?: crossorigin)? href="(\/[^"]+)">\r?\n?/g;

/**
 * index.html's script and its module preloads, replaced by src/boot.ts, which asks for them (and
 * for `scripts`, the above-the-fold blocks' code) at the first paint (or once the HTML is parsed), then prefetches
 * `prefetch` (what hydrates after the shell) at the lowest priority. The HTML shows the page
 * without them: the first screen's requests do not share the connection with the script files.
 * With `bootSource` (the built script's text, src/server/bootScript.ts) the script is written
 * into the page, so the code is asked for without first waiting for boot.ts's own file. With
 * `sizeOf`, the largest files are asked for first: on HTTP/1.1 the first screen's pictures hold
 * most of the six connections then, and React's file, which arrives last whatever the order,
 * should not queue behind a file of a few hundred bytes (docs/performance.md).
 * A build without src/boot.ts keeps index.html's loading, `scripts` preloaded.
 */
export function deferHydration(
  template: string,
  manifest: BuildManifest,
  scripts: readonly string[],
  prefetch: readonly string[] = [],
  { bootSource, sizeOf }: { bootSource?: string | undefined; sizeOf?: ((file: string) => number | undefined) | undefined } = {},
): string {
  const boot = manifest[bootModule];
  const entry = entryScript.exec(template)?.[1];
  if (!boot || entry === undefined) {
    const links = scripts.map((file) => `<link rel="modulepreload" crossorigin href="${escapeUTF8(file)}" />`).join("\n    ");
    return links ? template.replace("</head>", () => `  ${links}\n  </head>`) : template;
  }
  const preloads = [...template.matchAll(modulePreload)].map((match) => match[1] ?? "");
  const size = (file: string) => sizeOf?.(file.replace(/^\//, "")) ?? 0;
  // Largest first; a stable sort keeps the given order among files of unknown size.
  const files = [entry, ...preloads, ...scripts].filter((file, index, all) => file !== "" && all.indexOf(file) === index).sort((a, b) => size(b) - size(a));
  const later = prefetch.filter((file) => !files.includes(file));
  const prefetchAttribute = later.length > 0 ? ` data-prefetch="${escapeUTF8(later.join(" "))}"` : "";
  const lists = `data-entry="${escapeUTF8(entry)}" data-modulepreload="${escapeUTF8(files.join(" "))}"${prefetchAttribute}`;
  const script =
    bootSource === undefined
      ? // Low priority: it does nothing before the page has loaded, so it never competes with the first screen.
        `<script type="module" crossorigin fetchpriority="low" src="/${escapeUTF8(boot.file)}" ${lists}></script>`
      : // Async: it runs as it is parsed (it holds early taps from then on) and asks for the code at the first paint.
        `<script type="module" async ${lists}>${bootSource}</script>`;
  return template.replace(modulePreload, "").replace(entryScript, () => script);
}

/**
 * A style file as the page needs it: written into the HTML when its text is at hand (no
 * render-blocking request before the first paint; CSP allows inline styles), else linked.
 * A written-in file also gets a disabled link (never fetched, never applied): the code's loader,
 * finding a stylesheet link for a block's styles, does not fetch and apply them a second time.
 * In the HTML, not added by the code: a link added once the page is up restyles all of it.
 */
function styleTag(file: string, readStyle: ((file: string) => string | undefined) | undefined): string {
  const css = readStyle?.(file);
  const href = `/${escapeUTF8(file)}`;
  // "</style" cannot occur in built CSS outside a string; escaped anyway so it can never end the element.
  if (css !== undefined) return `<style data-href="${href}">${css.replace(/<\/style/gi, "<\\/style")}</style><link rel="stylesheet" href="${href}" disabled />`;
  return `<link rel="stylesheet" href="${href}" />`;
}

/** The entry's own stylesheet links in index.html, written in place as styles when their text is at hand. */
export function inlineEntryStyles(template: string, readStyle: ((file: string) => string | undefined) | undefined): string {
  if (!readStyle) return template;
  return template.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g, (link, file: string) => {
    const css = readStyle(file);
    return css === undefined ? link : styleTag(file, readStyle);
  });
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

export function composeDocument(
  template: string,
  parts: { head: string; assets: string; html: string; data: HydrationData | null },
): string {
  const withHead = template.replace(staticHeadElement, "").replace(noscriptElement, "");
  const { hints, body } = splitResourceHints(parts.html);
  // Without data (the retry screen) the browser renders the page itself, as the plain build does.
  // The last child of <body>, without an id: the browser finds it there (findHydrationScript), out of content's reach.
  const dataScript = parts.data ? `${HYDRATION_SCRIPT_OPEN}${scriptSafeJson(parts.data)}</script>` : "";
  // Replacer functions: the page's text must never be read as a replacement pattern ("$&").
  return (
    withHead
      .replace("</body>", () => (dataScript ? `  ${dataScript}\n  </body>` : "</body>"))
      // Block styles after the entry's (which Vite puts last in the head): they win ties of specificity, as when the browser loads them.
      .replace("</head>", () => (parts.assets ? `  ${parts.assets}\n  </head>` : "</head>"))
      .replace("<!--app-head-->", () => [parts.head, hints].filter(Boolean).join("\n    "))
      .replace("<!--app-html-->", () => body)
  );
}
