/**
 * What the render bundle (dist/server/entry-server.js, from ./entry-server.tsx) offers the
 * production server, `npm run export` and `npm run dev`: one entry, `openSite(files)`, and the
 * site it returns, whose functions render a request. The server loads it
 * (src/server/renderModule.ts); it imports nothing of the server.
 */
import type { SiteAddress } from "./sitemap.ts";

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
  /** The built src/boot.ts's text, written into every page (src/server/bootScript.ts); the CSP must allow its hash. */
  bootScript?: string | undefined;
  /**
   * `npm run dev`: a route that threw (a layout with problems, a bug) makes the render throw that
   * error, for the developer to read where the page would be; production answers the retry screen.
   */
  throwRouteErrors?: boolean | undefined;
  /**
   * Where content HTML is read (sanitized, its text taken): the production server's worker thread
   * (./htmlWorker.ts); absent, a jsdom window in this thread (./routedPage.tsx).
   */
  contentHtml?: ReadContentHtml | undefined;
}

/** One question to the content HTML worker (./htmlWorker.ts). */
export type ContentHtmlRequest = { kind: "sanitize"; html: string; inline: boolean } | { kind: "text"; html: string };
/** Its answer, synchronously: the sanitized HTML, or the text. */
export type ReadContentHtml = (request: ContentHtmlRequest) => string;

/** The site as the render bundle opens it on a build's files (./entry-server.tsx `openSite`). */
export interface Site {
  /**
   * The page a request asks for, as the server keeps pages: a missing page is `{ kind: "not-found" }`,
   * not rendered, unless the address is its route's own pattern (one not-found page per route: src/server/pageCache.ts).
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
