/**
 * Editors' previews on the server (CONTENT-API 9, docs/content-editors.md), on while
 * PREVIEW_SECRET is set:
 *
 * - `GET /_preview?token=…` checks the token (src/shared/previewToken.ts) and the page it names (the one
 *   site-path rule), sets the preview cookie (./cookie.ts) and answers 303 to
 *   `/_preview/check?token=…`, which sees whether the browser kept the cookie: then 303 to the page;
 *   if not (a browser refusing cookies in another site's frame), 303 to the page with the token in
 *   its address (`corvane-preview`), where it stays on every page and in-site link of that tab.
 *   A bad or expired token is a 403 page. `GET /_preview/exit?path=…` deletes the cookie and
 *   answers 303 to the page without preview.
 * - A page asked for in preview (`previewSessionOf`) is rendered for that request alone, straight
 *   from the content service with `X-Content-Preview`, past the page and content caches, their
 *   single flight and Redis, and answered with `previewHeaders` only: `private, no-store`,
 *   `noindex`, `no-referrer`, no ETag, no shared-cache header, framing relaxed to
 *   PREVIEW_FRAME_ANCESTORS.
 * - The browser's content calls (`previewCalls`) and media (`previewMedia`) carry the preview only
 *   from a verified cookie or token of a request from the site itself (`Sec-Fetch-Site`
 *   same-origin or none); an `X-Content-Preview` a client sends is never passed on.
 */
import { negotiate } from "@fastify/accept-negotiator";
import { escapeUTF8 } from "entities";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { IncomingMessage, ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import { isSitePath, withQueryOf } from "../../content/canonicalAddress.ts";
import { retryInAMomentSeconds } from "../../content/settings.ts";
import { cacheControl } from "../http/cachePolicy.ts";
import type { FetchHandler } from "../http/fetchHandler.ts";
import type { MediaHandler, PreviewMediaHandler } from "../media/mediaHandler.ts";
import type { PreviewRender, RenderedDocument } from "../../ssr/site.ts";
import { fromTheSite } from "../http/formPosts.ts";
import { endPreviewCookie, previewCookie, previewCookieName, previewCookieValues, previewQueryParam } from "./cookie.ts";
import { previewSecrets, verifyPreviewToken } from "../../shared/previewToken.ts";

export interface PreviewSettings {
  /** PREVIEW_SECRET's secrets; none: previews are off (`/_preview` is a 404). */
  secrets: string[];
  /** PREVIEW_FRAME_ANCESTORS: the origins (the editor's tool) that may frame previews; none: no site may. */
  frameAncestors: string[];
}

/** PREVIEW_SECRET and PREVIEW_FRAME_ANCESTORS (space- or comma-separated http(s) origins); a value that is no origin stops the start. */
export function previewSettingsFromEnv(env: NodeJS.ProcessEnv): PreviewSettings {
  const frameAncestors = (env.PREVIEW_FRAME_ANCESTORS ?? "")
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((origin) => {
      let url: URL | undefined;
      try {
        url = new URL(origin);
      } catch {
        url = undefined;
      }
      if (!url || !["http:", "https:"].includes(url.protocol) || url.origin !== origin.replace(/\/$/, "")) throw new Error(`Refusing to start: PREVIEW_FRAME_ANCESTORS: "${origin}" is not an origin such as https://editor.example.com`);
      return url.origin;
    });
  return { secrets: previewSecrets(env.PREVIEW_SECRET), frameAncestors };
}

/** A request in preview: its token (checked), when it expires (unix seconds), and how the browser carries it. */
export interface PreviewSession {
  token: string;
  exp: number;
  via: "cookie" | "address";
}

/** The token in an address's query (`corvane-preview`), if any. */
function addressToken(url: string): string | null {
  const query = url.indexOf("?");
  return query === -1 || !url.includes(previewQueryParam) ? null : new URLSearchParams(url.slice(query + 1)).get(previewQueryParam);
}

/** The preview a request is in: a valid token in its cookie, else in its address; none without either (or with previews off). */
export function previewSessionOf(secrets: readonly string[], cookieHeader: string | undefined, url: string): PreviewSession | undefined {
  if (secrets.length === 0) return undefined;
  for (const token of previewCookieValues(cookieHeader)) {
    const check = verifyPreviewToken(token, secrets);
    if (check.ok) return { token, exp: check.payload.exp, via: "cookie" };
  }
  const token = addressToken(url);
  const check = token === null ? undefined : verifyPreviewToken(token, secrets);
  return token !== null && check?.ok ? { token, exp: check.payload.exp, via: "address" } : undefined;
}

/** Whether a request may be in preview, at the cost of two substring searches: the held-page path lets it through to be checked. */
export const mayBePreview = (secrets: readonly string[], req: IncomingMessage): boolean =>
  secrets.length > 0 && (req.headers.cookie?.includes(previewCookieName) === true || req.url?.includes(previewQueryParam) === true);

/** `address` without the preview's query parameter. */
export function withoutPreviewToken(address: string): string {
  const query = address.indexOf("?");
  if (query === -1 || !address.includes(previewQueryParam)) return address;
  const params = new URLSearchParams(address.slice(query + 1));
  params.delete(previewQueryParam);
  const rest = params.toString();
  return `${address.slice(0, query)}${rest === "" ? "" : `?${rest}`}`;
}

/** `address` (a site path) carrying `token` in its query, for the address fallback. */
export function withPreviewToken(address: string, token: string): string {
  const [beforeHash = "", hash] = address.split("#", 2);
  const separator = beforeHash.includes("?") ? "&" : "?";
  return `${beforeHash}${separator}${previewQueryParam}=${encodeURIComponent(token)}${hash === undefined ? "" : `#${hash}`}`;
}

/**
 * A page a preview may open or return to: the one site-path rule, and an address that stays on
 * the site's origin once read (`/\\evil.example` and the like are not), without the preview's
 * own parameter.
 */
export function previewTarget(path: unknown, siteUrl: string): string | null {
  if (typeof path !== "string" || path.length > 2048 || !isSitePath(path)) return null;
  try {
    const url = new URL(path, siteUrl);
    if (url.origin !== new URL(siteUrl).origin) return null;
    return withoutPreviewToken(`${url.pathname}${url.search}${url.hash}`);
  } catch {
    return null;
  }
}

/**
 * The headers of every preview answer, from here alone (no other caching or CDN header can
 * reach them): the security headers with framing relaxed to the editor's tool, never stored,
 * never indexed, and no address sent on to other sites.
 */
export function previewHeaders(security: Record<string, string>): Record<string, string> {
  const headers = Object.fromEntries(Object.entries(security).map(([name, value]) => [name.toLowerCase(), value]));
  return { ...headers, "cache-control": cacheControl.personal, "x-robots-tag": "noindex", "referrer-policy": "no-referrer" };
}

/** Writes a preview answer on the socket (past Fastify's hooks, whose headers are the public answers'), compressed when the browser accepts gzip. */
export function writePreviewAnswer(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string>, html?: string): void {
  const gzip = html !== undefined && html.length > 1024 && negotiate(req.headers["accept-encoding"] ?? "", ["gzip"]) === "gzip";
  const body = html === undefined ? undefined : gzip ? gzipSync(html, { level: 6 }) : Buffer.from(html);
  res.writeHead(status, { ...headers, ...(body ? { "content-type": "text/html; charset=utf-8", "content-length": String(body.byteLength), ...(gzip ? { "content-encoding": "gzip" } : {}) } : { "content-length": "0" }) });
  res.end(req.method === "HEAD" ? undefined : body);
}

/** The page of a preview that cannot be shown: a link that cannot be used (403), or a render that failed (503). */
function refusalPage(why: string, heading = "This preview link cannot be used"): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Preview not available</title></head><body><main><h1>${escapeUTF8(heading)}</h1><p>${escapeUTF8(why)}</p><p>Open the page again from the editing tool for a new link, or <a href="/">go to the published site</a>.</p></main></body></html>`;
}

const tokenWhy = {
  malformed: "The link is not a preview link of this site.",
  signature: "The link was not made for this site (or with a secret it no longer has).",
  expired: "The link has expired.",
  "too far ahead": "The link is valid for more than an hour, which this site does not accept.",
} as const;

export interface PreviewEntryOptions {
  settings: PreviewSettings;
  siteUrl: string;
  /** The security headers of a preview answer (framing relaxed to the editor's tool). */
  headers: Record<string, string>;
}

/** Mounts `/_preview`, `/_preview/check` and `/_preview/exit` (404 while previews are off). */
export function mountPreviewEntry(app: FastifyInstance, { settings, siteUrl, headers }: PreviewEntryOptions): void {
  const answer = (request: FastifyRequest, reply: FastifyReply, status: number, extra: Record<string, string> = {}, html?: string) => {
    reply.hijack();
    writePreviewAnswer(request.raw, reply.raw, status, { ...previewHeaders(headers), ...extra }, html);
  };
  const query = (request: FastifyRequest) => new URLSearchParams(request.url.includes("?") ? request.url.slice(request.url.indexOf("?") + 1) : "");
  /** The token and the page it opens, or the 403 it is answered with. */
  const entry = (request: FastifyRequest, reply: FastifyReply) => {
    const token = query(request).get("token") ?? "";
    const check = verifyPreviewToken(token, settings.secrets);
    if (!check.ok) {
      answer(request, reply, 403, {}, refusalPage(tokenWhy[check.why]));
      return undefined;
    }
    const target = check.payload.path === undefined ? "/" : previewTarget(check.payload.path, siteUrl);
    if (target === null) {
      answer(request, reply, 403, {}, refusalPage("The page the link names is not an address of this site."));
      return undefined;
    }
    return { token, exp: check.payload.exp, target };
  };

  app.get("/_preview", (request, reply) => {
    if (settings.secrets.length === 0) return reply.callNotFound();
    const started = entry(request, reply);
    if (!started) return;
    // The next address sees whether the cookie was kept.
    answer(request, reply, 303, { location: `/_preview/check?token=${encodeURIComponent(started.token)}`, "set-cookie": previewCookie(started.token, started.exp) });
  });
  app.get("/_preview/check", (request, reply) => {
    if (settings.secrets.length === 0) return reply.callNotFound();
    const started = entry(request, reply);
    if (!started) return;
    const kept = previewCookieValues(request.headers.cookie).includes(started.token);
    answer(request, reply, 303, { location: kept ? started.target : withPreviewToken(started.target, started.token) });
  });
  app.get("/_preview/exit", (request, reply) => {
    if (settings.secrets.length === 0) return reply.callNotFound();
    answer(request, reply, 303, { location: previewTarget(query(request).get("path"), siteUrl) ?? "/", "set-cookie": endPreviewCookie });
  });
}

/**
 * The content calls the browser makes through the site's `/api` (and a posted form's), with the
 * preview's token added only when the request comes from the site itself and carries a valid
 * preview (its cookie, or in the address fallback its `corvane-preview` parameter). Whatever
 * `X-Content-Preview` the client sent is dropped first, previews on or off.
 */
export function previewCalls(handler: FetchHandler, settings: PreviewSettings, siteOrigin: string): FetchHandler {
  return (request, context) => {
    const session = previewOfCall(request, settings, siteOrigin);
    if (!session && !request.headers.has("x-content-preview") && !request.url.includes(previewQueryParam)) return handler(request, context);
    const headers = new Headers(request.headers);
    headers.delete("x-content-preview");
    if (session) headers.set("X-Content-Preview", session.token);
    const init: RequestInit & { duplex?: "half" } = { method: request.method, headers, ...(request.body ? { body: request.body, duplex: "half" } : {}) };
    return handler(new Request(new URL(withoutPreviewToken(request.url)), init), context);
  };
}

/** The preview a call from the browser is in: a valid one, of a request from the site itself. */
export function previewOfCall(request: Request, settings: PreviewSettings, siteOrigin: string): PreviewSession | undefined {
  if (settings.secrets.length === 0) return undefined;
  const header = (name: string) => request.headers.get(name) ?? undefined;
  if (!fromTheSite(header, siteOrigin, ["same-origin", "none"])) return undefined;
  return previewSessionOf(settings.secrets, header("cookie"), request.url);
}

export interface PreviewPageOptions {
  /** Renders an address with a fetch and the preview's render options (the server's one call into the render bundle). */
  render: (address: string, fetch: typeof globalThis.fetch, preview: PreviewRender) => Promise<RenderedDocument>;
  /** A fetch straight to the content service with these headers added, past every cache (ContentCache.uncached). */
  uncached: (headers: Record<string, string>) => typeof globalThis.fetch;
  /** The security headers of a preview answer (framing relaxed to the editor's tool). */
  headers: Record<string, string>;
  /** Where a render that failed is reported (the request's log). */
  failed: (error: unknown) => void;
}

/**
 * Answers a page in preview: rendered for this request alone, every content call straight to
 * the service with the token (no cache, no single flight shared with a visitor asking the same
 * page, nothing kept here or in Redis), its answer `previewHeaders` alone, no ETag (so no 304
 * from a published copy). A redirect keeps the address's query (the fallback's token with it).
 */
export function previewPages({ render, uncached, headers, failed }: PreviewPageOptions) {
  const answerHeaders = previewHeaders(headers);
  const answer = async (req: IncomingMessage, res: ServerResponse, address: string, session: PreviewSession): Promise<void> => {
    let draft = false;
    const upstream = uncached({ "X-Content-Preview": session.token });
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const answer = await upstream(input, init);
      if (answer.headers.get("X-Content-Preview")?.trim().toLowerCase() === "draft") draft = true;
      return answer;
    };
    const document = await render(address, fetch, { via: session.via, until: session.exp, token: session.via === "address" ? session.token : undefined, draft: () => draft });
    if (document.kind === "redirect") return writePreviewAnswer(req, res, document.status, { ...answerHeaders, location: withQueryOf(document.location, req.url ?? "") });
    writePreviewAnswer(req, res, document.status, { ...answerHeaders, ...(document.retryAfter ? { "retry-after": document.retryAfter } : {}) }, document.html);
  };
  // Written past Fastify (its error handler cannot answer): a render that failed is a 503 here.
  return (req: IncomingMessage, res: ServerResponse, address: string, session: PreviewSession): Promise<void> =>
    answer(req, res, address, session).catch((error: unknown) => {
      failed(error);
      if (res.headersSent) res.destroy();
      else writePreviewAnswer(req, res, 503, { ...answerHeaders, "retry-after": String(retryInAMomentSeconds) }, refusalPage("The content service did not answer. Please try again in a moment.", "The preview of this page could not be made"));
    });
}

/** Content media under `/_media/`: a request from the site itself in a verified preview is answered past the media cache (`preview`), every other as before. */
export function previewMedia(handler: MediaHandler & { preview: PreviewMediaHandler }, settings: PreviewSettings, siteOrigin: string): FetchHandler {
  return (request) => {
    const session = previewOfCall(request, settings, siteOrigin);
    return session ? handler.preview(request, { "X-Content-Preview": session.token }) : handler(request);
  };
}
