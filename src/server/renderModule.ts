/**
 * What the production server and `npm run export` need of the server-rendering bundle
 * (dist/server/entry-server.js, built from src/ssr/entry-server.tsx), and how they load it.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
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

export interface DocumentOptions {
  /** Content calls (POST, JSON) go through it. */
  fetch: typeof fetch;
  /** A posted form's lead calls and its PDF: the handler of the browser's own /api calls, never a cache. Else `fetch`. */
  leadFetch?: typeof fetch | undefined;
  siteUrl: string;
  template: string;
  manifest: unknown;
  /** The text of a built style file (path below dist/), to write into the page instead of linking it. */
  readStyle?: (file: string) => string | undefined;
  /** The built src/boot.ts's text, written into the page instead of requested (./bootScript.ts); the CSP must allow its hash. */
  bootScript?: string | undefined;
  /** The size in bytes of a built file (path below dist/): the page asks for its largest script files first. */
  assetSize?: (file: string) => number | undefined;
  /**
   * `npm run dev`: a route that threw (a layout with problems, a bug) makes the render throw that
   * error, for the developer to read where the page would be; production answers the retry screen.
   */
  throwRouteErrors?: boolean;
  /** A page rendered in an editor's preview (src/server/preview/preview.ts): its notice, and what the browser needs to stay in it. */
  preview?: PreviewRender | undefined;
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

export interface RenderModule {
  /** The page a request asks for (its method, address, headers and body: a route may take form posts). */
  renderDocument(request: Request, options: DocumentOptions): Promise<RenderedDocument>;
  /**
   * The same as the server keeps pages: a missing page is `{ kind: "not-found" }`, not rendered,
   * unless the address is its route's own pattern (one not-found page per route: src/server/pageCache.ts).
   * (A module without it renders every address.)
   */
  renderServedPage?(request: Request, options: DocumentOptions): Promise<ServedDocument>;
  /** A form the browser posted to a page (the route's action). */
  answerFormPost(request: Request, options: DocumentOptions): Promise<FormPostAnswer>;
  /** Every address a crawler should find: fixed routes, menu links, list items' detail pages (with their content's date). */
  listAddresses(options: { fetch: typeof fetch; siteUrl: string }): Promise<(string | SiteAddress)[]>;
  sitemapFiles(addresses: readonly (string | SiteAddress)[], siteUrl: string): Map<string, string>;
  robotsTxt(siteUrl: string): string;
  /** The addresses the route table itself answers (its fixed routes and its own redirects), which no editor's redirect may take (CONTENT-API 9). */
  routeTableAddresses?: () => string[];
  /** `npm run bench:render` only: the page's routing, then its tree through react-dom/server's `renderToString`, each timed (the floor). */
  renderFloor?: (request: Request, options: DocumentOptions) => Promise<{ routeMs: number; reactMs: number; html: string }>;
}

export interface SiteBuild {
  module: RenderModule;
  /** The server's render: `renderServedPage`, else `renderDocument`. */
  render: (request: Request, options: DocumentOptions) => Promise<ServedDocument>;
  template: string;
  manifest: unknown;
  readStyle: (file: string) => string | undefined;
  assetSize: (file: string) => number | undefined;
  /** src/boot.ts written into every page, and its CSP hash (./bootScript.ts); absent in `npm run dev`, which has no boot script. */
  boot?: BootScript | null;
}

/** What every render of a built site's pages takes from the build (the fetch and the site's address are the caller's). */
export function builtDocumentOptions(build: SiteBuild): Pick<DocumentOptions, "template" | "manifest" | "readStyle" | "bootScript" | "assetSize"> {
  return { template: build.template, manifest: build.manifest, readStyle: build.readStyle, bootScript: build.boot?.source, assetSize: build.assetSize };
}

/** The built client and its server renderer in `distDir`, or a clear error naming the missing step. */
export async function loadSiteBuild(distDir: string): Promise<SiteBuild> {
  const entry = resolve(distDir, "server/entry-server.js");
  const manifestFile = join(distDir, ".vite/manifest.json");
  const templateFile = join(distDir, "index.html");
  for (const file of [entry, manifestFile, templateFile]) {
    if (!existsSync(file)) throw new Error(`No complete build in ${distDir}/ (${file} is missing): run "npm run build" first.`);
  }
  const module = (await import(pathToFileURL(entry).href)) as RenderModule;
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as unknown;
  const styles = new Map<string, string | undefined>();
  const sizes = new Map<string, number | undefined>();
  const assets = resolve(distDir, "assets");
  const builtAsset = (file: string, ending: string) => {
    const path = resolve(distDir, file);
    return path.startsWith(`${assets}/`) && path.endsWith(ending) && existsSync(path) ? path : undefined;
  };
  return {
    module,
    render: (request, options) => (module.renderServedPage ?? module.renderDocument)(request, options),
    // Read once each; only built CSS under assets/.
    readStyle: (file) => {
      if (!styles.has(file)) {
        const path = builtAsset(file, ".css");
        styles.set(file, path === undefined ? undefined : readFileSync(path, "utf8"));
      }
      return styles.get(file);
    },
    // Stated once each; only built scripts under assets/.
    assetSize: (file) => {
      if (!sizes.has(file)) {
        const path = builtAsset(file, ".js");
        sizes.set(file, path === undefined ? undefined : statSync(path).size);
      }
      return sizes.get(file);
    },
    template: readFileSync(templateFile, "utf8"),
    manifest,
    boot: readBootScript(distDir, manifest),
  };
}
