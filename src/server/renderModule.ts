/**
 * What the production server and `npm run export` need of the server-rendering bundle
 * (dist/server/entry-server.js, built from src/ssr/entry-server.tsx), and how they load it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { SiteAddress } from "../ssr/sitemap.ts";
import { readBootScript, type BootScript } from "./bootScript.ts";

export type RenderedDocument =
  | { kind: "redirect"; status: 301 | 302; location: string }
  /**
   * `retryAfter`: what the route said a 503 should wait (src/app/retryLater.ts); `notFoundOf`: a
   * 404's route pattern (`/blogs/:pageName`, a fixed route's path).
   */
  | { kind: "page"; status: 200 | 404 | 503; html: string; retryAfter?: string | undefined; notFoundOf?: string | undefined };

/** What the server is handed: a document, or a missing address of a route whose not-found page was not rendered (it is the same for every missing address of the route). */
export type ServedDocument = RenderedDocument | { kind: "not-found"; notFoundOf: string };

/** What a form posted to a page is answered with (src/app/formAction.ts). */
export type FormPostAnswer =
  | { kind: "redirect"; status: 303; location: string }
  | { kind: "page"; status: 200 | 400 | 404 | 503; html: string; retryAfter?: string | undefined }
  /** An accepted thought paper: its PDF, to be saved. */
  | { kind: "file"; fileName: string; type: string; body: Uint8Array }
  /** The details were stored but the PDF could not be fetched. */
  | { kind: "unavailable" }
  /** The page shows no form of the kind posted (or none at all). */
  | { kind: "not-allowed" };

/** What one render is given: where its content comes from, and the site's public address. */
export interface RenderOptions {
  /** Content calls (POST, JSON) go through it. */
  fetch: typeof fetch;
  siteUrl: string;
  /** A page rendered in an editor's preview (src/server/preview/preview.ts): its notice, and what the browser needs to stay in it. */
  preview?: PreviewRender | undefined;
}

/** A form posted to a page: its lead calls and its PDF go to `leadFetch`, the handler of the browser's own /api calls, never a cache. */
export interface FormPostOptions extends RenderOptions {
  leadFetch?: typeof fetch | undefined;
}

/** What a page in preview is rendered with (CONTENT-API 9). */
export interface PreviewRender {
  /** How the browser carries the preview: its cookie, or the token in the address of each page and in-site link (`token`). */
  via: "cookie" | "address";
  /** When the preview ends (the token's `exp`, unix seconds). */
  until: number;
  /** The address fallback's token, written into the page's in-site links (never into its canonical link, og:url or the sitemap). */
  token?: string | undefined;
  /** Whether the service answered any of the page's calls with its draft (asked once the page's content is in). */
  draft: () => boolean;
}

/** The build's files every page's document is made from, read once when the site opens. */
export interface BuiltFiles {
  /** index.html as built. */
  template: string;
  /** Vite's build manifest (dist/.vite/manifest.json). */
  manifest: unknown;
  /** The built style files' texts (path below dist/), written into pages instead of linked. */
  styles?: ReadonlyMap<string, string> | undefined;
  /** The built script files' sizes (path below dist/): a page asks for its largest first. */
  scriptSizes?: ReadonlyMap<string, number> | undefined;
  /** The built src/boot.ts's text, written into every page (./bootScript.ts); the CSP must allow its hash. */
  bootScript?: string | undefined;
  /**
   * `npm run dev`: a route that threw (a layout with problems, a bug) makes the render throw that
   * error, for the developer to read where the page would be; production answers the retry screen.
   */
  throwRouteErrors?: boolean | undefined;
}

/** The site as the render bundle opens it on a build's files (src/ssr/entry-server.tsx `openSite`). */
export interface Site {
  /**
   * The page a request asks for, as the server keeps pages: a missing page is `{ kind: "not-found" }`,
   * not rendered, unless the address is its route's own pattern (one not-found page per route: ./pageCache.ts).
   */
  renderServedPage(request: Request, options: RenderOptions): Promise<ServedDocument>;
  /** The page a request asks for, whatever its address (`npm run export`, a preview). */
  renderDocument(request: Request, options: RenderOptions): Promise<RenderedDocument>;
  /** A form the browser posted to a page (the route's action). */
  answerFormPost(request: Request, options: FormPostOptions): Promise<FormPostAnswer>;
  /** Every address a crawler should find: fixed routes, menu links, list items' detail pages (with their content's date). */
  listAddresses(options: { fetch: typeof fetch; siteUrl: string }): Promise<(string | SiteAddress)[]>;
  sitemapFiles(addresses: readonly (string | SiteAddress)[], siteUrl: string): Map<string, string>;
  robotsTxt(siteUrl: string): string;
  /** The addresses the route table itself answers (its fixed routes and its own redirects), which no editor's redirect may take (CONTENT-API 9). */
  routeTableAddresses(): string[];
}

/** The render bundle's one entry (dist/server/entry-server.js). */
export interface RenderBundle {
  openSite(files: BuiltFiles): Site;
}

export interface SiteBuild {
  site: Site;
  /** src/boot.ts written into every page, and its CSP hash (./bootScript.ts); absent in `npm run dev`, which has no boot script. */
  boot?: BootScript | null | undefined;
}

/** Every file under `dir` whose name ends with `ending`, by its path below `root`. */
function builtFiles<T>(root: string, dir: string, ending: string, read: (path: string) => T): Map<string, T> {
  const found = new Map<string, T>();
  if (!existsSync(dir)) return found;
  for (const name of readdirSync(dir)) if (name.endsWith(ending)) found.set(relative(root, join(dir, name)), read(join(dir, name)));
  return found;
}

/** The built client and its server renderer in `distDir`, opened on the build's files, or a clear error naming the missing step. */
export async function loadSiteBuild(distDir: string): Promise<SiteBuild> {
  const entry = resolve(distDir, "server/entry-server.js");
  const manifestFile = join(distDir, ".vite/manifest.json");
  const templateFile = join(distDir, "index.html");
  for (const file of [entry, manifestFile, templateFile]) {
    if (!existsSync(file)) throw new Error(`No complete build in ${distDir}/ (${file} is missing): run "npm run build" first.`);
  }
  const bundle = (await import(pathToFileURL(entry).href)) as RenderBundle;
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as unknown;
  const boot = readBootScript(distDir, manifest);
  // The built CSS (written into pages) and the scripts' sizes, read once: a build's files never change under it.
  const assets = resolve(distDir, "assets");
  const files: BuiltFiles = {
    template: readFileSync(templateFile, "utf8"),
    manifest,
    styles: builtFiles(resolve(distDir), assets, ".css", (path) => readFileSync(path, "utf8")),
    scriptSizes: builtFiles(resolve(distDir), assets, ".js", (path) => statSync(path).size),
    bootScript: boot?.source,
  };
  return { site: bundle.openSite(files), boot };
}
