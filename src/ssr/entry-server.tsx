/**
 * The server's way into the site: `openSite(files)`, once, on the build's files; then a request
 * in, the HTML document of its page (or the redirect it answers with) out. React Router's static
 * handler matches the route and runs its loader (src/app/routes.tsx) once; the page renders from
 * that data, which is embedded for the browser to hydrate from. Built by `vite build --ssr` into
 * dist/server/ for the production server and `npm run export` (src/server/renderModule.ts loads
 * it); `npm run dev` loads it through Vite (tools/dev.ts).
 */
import type { ReactNode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { pageHeadTags } from "../app/pageHead.tsx";
import { structuredData, structuredDataDocument } from "../app/structuredData.ts";
import { jsonLdText } from "../ui/jsonLd.ts";
import type { Page } from "../content/contract.ts";
import type { RenderSlot } from "../runtime/slots.ts";
import { blockCodeModule } from "../blocks/index.ts";
import { createContentClient } from "../content/client.ts";
import { packLoaderData, type HydrationData } from "../runtime/hydrationData.ts";
import { isPageData } from "../runtime/pageData.ts";
import { blockRegistry, waitsForVisitor, type BlockName } from "../runtime/registry.ts";
import type { BuiltFiles, FormPostAnswer, FormPostOptions, RenderBundle, RenderedDocument, RenderOptions, ServedDocument, Site } from "./site.ts";
import { isPaperDownload, isPostedForm } from "../forms/postedForm.tsx";
import { pageTree, readContentHtmlHere, readContentHtmlWith, routed, type Routed, type RoutedPage } from "./routedPage.tsx";
import { documentTemplate, headHtml, pageAssets, type BuildManifest, type DocumentTemplate } from "./document.ts";
import { previewNotice, withPreviewLinks } from "./previewPage.ts";
import { routeTableAddresses, siteAddresses, type SiteAddress } from "./siteAddresses.ts";
import { robotsTxt, sitemapFiles } from "./sitemap.ts";
import { retryLater } from "../app/retryLater.ts";

async function renderToString(node: ReactNode): Promise<string> {
  // No progressive chunks: a crawler without JavaScript must find every block's text in place.
  const { prelude } = await prerenderToNodeStream(node, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString("utf8");
}

const isRedirect = (status: number) => status === 301 || status === 302;
/** The app's start in the build manifest: src/main.tsx imports it a task after its own code (vite.config.ts). */
const appStartModule = "src/app/start.tsx";

/**
 * The page's structured data (src/app/structuredData.ts) from the loader's resolved page, in the
 * head the server writes: it is for crawlers, which read the server's HTML, so its builder never
 * ships to the browser (a script of type application/ld+json is data: CSP has nothing to allow).
 */
function structuredDataHtml(page: { page: Page; slots: readonly RenderSlot[] } | null, path: string, siteUrl: string): string {
  const graph = page ? structuredDataDocument(structuredData({ page: page.page, slots: page.slots, path, siteUrl })) : null;
  return graph ? `\n    <script type="application/ld+json">${jsonLdText(graph)}</script>` : "";
}

/** The resolved page of the matched route, if it is a content route that loaded. */
function leafPage(context: RoutedPage["context"]) {
  const leaf = context.matches.at(-1)?.route.id;
  const leafData: unknown = leaf === undefined ? undefined : context.loaderData[leaf];
  return { leaf, page: isPageData(leafData) ? leafData : undefined };
}

/** The page's status as its loader decided: 404, 503 (the service failed), else 200. */
function pageStatus(context: RoutedPage["context"]): 200 | 404 | 503 {
  return context.statusCode === 404 || context.statusCode === 503 ? context.statusCode : context.errors ? 503 : 200;
}

/** What the route's loader or action said a 503 should wait (Retry-After), passed on by the server as it is; a route that threw gets the same wait. */
function retryAfterOf(context: RoutedPage["context"], status: number): string | undefined {
  if (status !== 503) return undefined;
  const said = [...Object.values(context.actionHeaders), ...Object.values(context.loaderHeaders)].map((headers) => headers.get("Retry-After")).find((value) => value !== null);
  return said ?? retryLater.headers["Retry-After"];
}

/** The build's files, read once (src/server/renderModule.ts `BuiltFiles`), as every page's document takes them. */
interface OpenedFiles {
  document: DocumentTemplate;
  manifest: BuildManifest;
  styles: ReadonlyMap<string, string> | undefined;
  throwRouteErrors: boolean;
}

/** The routed page as a whole HTML document; `retryScreen`: the 503 screen, not hydrated (the browser starts over). */
async function documentHtml(request: Request, options: RenderOptions, files: OpenedFiles, { runtime, handler, context }: RoutedPage, retryScreen: boolean, notFound: boolean): Promise<string> {
  const { page } = leafPage(context);
  const { preview } = options;
  const rendered = await renderToString(pageTree({ runtime, handler, context }));
  // In the preview's address fallback every in-site link carries the token (CONTENT-API 9).
  const html = preview?.token ? withPreviewLinks(rendered, preview.token) : rendered;
  const ready = page?.status === "ready" ? page : null;
  const blocks = ready?.blocks ?? [];
  const aboveTheFold = ready?.aboveTheFold ?? [];
  const interactive = (block: BlockName) => blockRegistry[block].interactive;
  const { manifest } = files;
  const codeOf = (block: BlockName) => blockCodeModule(block, (module) => module in manifest);
  const assets = pageAssets(
    manifest,
    {
      // The app's start: its code and its styles (the header's, the banner's) go with every page.
      app: appStartModule,
      // Styles the page needs at once: its blocks' (the chrome's are the app's).
      styles: page?.status === "failed" ? [] : blocks.map(codeOf),
      // Code the browser needs before it hydrates: the above-the-fold blocks' (none for blocks that do nothing there: src/ui/ServerHtml.tsx).
      scripts: aboveTheFold.filter(interactive).map(codeOf),
      // Code it asks for as the shell hydrates (src/app/start.tsx): the blocks' below the fold that have files of their
      // own, except those that wait for the visitor to reach them (the contact form: registry's loadsWhenReached).
      later: blocks.filter((block) => interactive(block) && !aboveTheFold.includes(block) && !waitsForVisitor(block)).map(codeOf),
    },
    files.styles,
  );
  const url = new URL(request.url);
  const parts = {
    head: headHtml(ready ? pageHeadTags(ready.page, url.pathname, options.siteUrl) : null, notFound ? "Page not found" : "Corvane Global Services") + structuredDataHtml(ready, url.pathname, options.siteUrl),
    styles: assets.styles,
    html,
    // A preview's notice, outside the app's root: no hydration touches it, and it works without script.
    beforeRoot: preview ? previewNotice({ draft: preview.draft(), until: preview.until, address: `${url.pathname}${url.search}` }) : undefined,
  };
  // The retry screen is rendered anew in the browser, which loads the page itself: no loader data, only where the page comes from.
  if (retryScreen) return files.document.retryScreen({ ...parts, data: { siteUrl: options.siteUrl, loaderData: {} } });
  // A posted form's answer (src/app/formAction.ts) goes with the page, so its first render in the browser is the server's.
  const data: HydrationData = {
    siteUrl: options.siteUrl,
    loaderData: packLoaderData(context.loaderData),
    ...(context.actionData ? { actionData: context.actionData } : {}),
    ...(preview ? { preview: { via: preview.via, until: preview.until } } : {}),
  };
  return files.document.page({ ...parts, data, scripts: assets.scripts, prefetch: assets.prefetch });
}

/** What a route threw, rethrown when the caller asks for it (`npm run dev`: the developer reads it instead of the retry screen). */
function rethrowRouteError(context: Routed["context"], files: OpenedFiles): void {
  if (!files.throwRouteErrors || context instanceof Response || !context.errors) return;
  const errors: Record<string, unknown> = context.errors;
  const error = Object.values(errors)[0];
  throw error instanceof Error ? error : new Error(`the route threw: ${String(error)}`);
}

/** The page `request` asks for as a whole HTML document, or the redirect it answers with. */
async function renderDocument(request: Request, options: RenderOptions, files: OpenedFiles): Promise<RenderedDocument> {
  const served = await renderServedPage(request, options, files, false);
  if (served.kind === "not-found") throw new Error("a missing page is always rendered here");
  return served;
}

/**
 * The page as the server keeps it (src/server/pageCache.ts): a missing page looks the same at
 * every address of its route, so it is rendered only at the route's own pattern; at any other
 * address it is `not-found`, routed and not rendered.
 */
async function renderServedPage(request: Request, options: RenderOptions, files: OpenedFiles, notFoundOnce = true): Promise<ServedDocument> {
  const routedPage = await routed(request, options);
  const { context } = routedPage;
  rethrowRouteError(context, files);
  if (context instanceof Response) {
    const location = context.headers.get("Location");
    if (!isRedirect(context.status) || location === null) throw new Error(`${request.url}: the router answered ${context.status}`);
    return { kind: "redirect", status: context.status === 301 ? 301 : 302, location };
  }
  const status = pageStatus(context);
  // A missing page looks the same at every address of its route: the server renders it once, at the route's own pattern (src/server/pageCache.ts).
  const notFoundOf = status === 404 ? routePattern(context) : undefined;
  if (notFoundOf !== undefined && notFoundOnce && new URL(request.url).pathname !== notFoundOf) return { kind: "not-found", notFoundOf };
  return { kind: "page", status, retryAfter: retryAfterOf(context, status), notFoundOf, html: await documentHtml(request, options, files, { ...routedPage, context }, status === 503, status === 404) };
}

/** The matched content route's pattern as an address (`/blogs/:pageName`, a fixed route's path, `/*` for the catch-all). */
function routePattern(context: RoutedPage["context"]): string | undefined {
  const handle: unknown = context.matches.at(-1)?.route.handle;
  if (typeof handle !== "object" || handle === null || !("pattern" in handle) || typeof handle.pattern !== "string") return undefined;
  return handle.pattern === "*" ? "/*" : handle.pattern;
}

/**
 * A form the browser posted to a page itself (issue 20), through the route's action: the
 * thank-you redirect (303), a thought paper's PDF, the page with the form's answer (400 with
 * SPEC 5's messages, 503 when the lead could not be handed on), or 405 for a page with no such form.
 */
async function answerFormPost(request: Request, options: FormPostOptions, files: OpenedFiles): Promise<FormPostAnswer> {
  const routedPage = await routed(request, options);
  const { context, runtime } = routedPage;
  rethrowRouteError(context, files);
  if (context instanceof Response) {
    const location = context.headers.get("Location");
    // Only a form's thank-you is a 303; any other redirect is an address that takes no post (a missing page sent home, a moved one): 405, nothing for the error log.
    if (context.status !== 303 || location === null) return { kind: "not-allowed" };
    return { kind: "redirect", status: 303, location };
  }
  if (context.statusCode === 405) return { kind: "not-allowed" };
  const { leaf } = leafPage(context);
  const answer: unknown = leaf === undefined ? undefined : context.actionData?.[leaf];
  if (isPaperDownload(answer)) {
    // The details are stored; the PDF comes through the same handler as the browser's own download call.
    try {
      const pdf = await (runtime.leadClient ?? runtime.client).downloadThoughtPaperPdf(answer.download.documentPath);
      return { kind: "file", fileName: answer.download.fileName, type: "application/pdf", body: new Uint8Array(await pdf.arrayBuffer()) };
    } catch (error) {
      console.warn("thought paper download failed after its details were saved:", error);
      return { kind: "unavailable" };
    }
  }
  const posted = isPostedForm(answer);
  const status = posted ? (context.statusCode === 400 ? 400 : 503) : pageStatus(context);
  // A form's answer is the page hydrated as usual, whatever its status.
  return { kind: "page", status, retryAfter: retryAfterOf(context, status), html: await documentHtml(request, options, files, { ...routedPage, context }, !posted && status === 503, status === 404) };
}
/** Every address of the site (see ./siteAddresses.ts), read through `options.fetch`. */
function listAddresses(options: { fetch: typeof fetch; siteUrl: string }): Promise<SiteAddress[]> {
  return siteAddresses(createContentClient({ base: "", fetch: options.fetch }), options.siteUrl);
}

/**
 * The site on a build's files: index.html is cut once here (./document.ts), the manifest and the
 * style texts kept; each page is then rendered by the functions it returns.
 */
export function openSite(built: BuiltFiles): Site {
  if (built.contentHtml) readContentHtmlWith(built.contentHtml);
  else readContentHtmlHere();
  const manifest = built.manifest as BuildManifest;
  const files: OpenedFiles = {
    document: documentTemplate({ ...built, manifest }),
    manifest,
    styles: built.styles,
    throwRouteErrors: built.throwRouteErrors === true,
  };
  return {
    renderServedPage: (request, options) => renderServedPage(request, options, files),
    renderDocument: (request, options) => renderDocument(request, options, files),
    answerFormPost: (request, options) => answerFormPost(request, options, files),
    listAddresses,
    sitemapFiles,
    robotsTxt,
    routeTableAddresses,
  };
}

export const renderBundle = { openSite } satisfies RenderBundle;
