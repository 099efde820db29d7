/**
 * The fixture content service: CONTENT-API implemented over fixtures/, as a Fetch-API
 * handler (Request in, Response out) so the same code runs in the Vite dev server, the
 * standalone server and unit tests without a socket. This file routes; each job has its
 * module in fixture-service/: pages, lists, leads and files.
 */
import type { CaptchaVerifier } from "../src/shared/captcha.ts";
import type { Fixtures } from "./fixtures.ts";
import { json } from "../src/shared/jsonAnswer.ts";
import { leadKindOf } from "../src/shared/leadIntake.ts";
import type { LeadStore } from "./leadStore.ts";
import { downloadPdf, serveFile } from "./files.ts";
import { takeLead } from "./leads.ts";
import { getContentList } from "./lists.ts";
import { getPage } from "./pages.ts";
import { verifyPreviewToken } from "../src/shared/previewToken.ts";

export { busyRetryAfterSeconds } from "./leads.ts";

export interface ContentServiceOptions {
  /** Current fixtures; called per request so a dev server can hand in freshly edited files. */
  fixtures: () => Fixtures;
  leads: LeadStore;
  captcha: CaptchaVerifier;
  /** The clock of the "Last 3/6 Months" filters. */
  now?: () => Date;
  /** PREVIEW_SECRET's secrets (CONTENT-API 9): a call carrying a token signed with one gets the pages' drafts. None: no drafts are ever answered. */
  previewSecrets?: readonly string[];
}

/** Who sent a request, as the socket says (never a header a client could set). */
export interface RequestContext {
  clientAddress?: string | undefined;
}

export type ContentService = (request: Request, context?: RequestContext) => Promise<Response | null>;

export function createContentService(options: ContentServiceOptions): ContentService {
  const now = options.now ?? (() => new Date());

  /** The service checks the token itself (CONTENT-API 9): a missing or invalid one is no token. */
  const inPreview = (request: Request) => {
    const token = request.headers.get("X-Content-Preview");
    return token !== null && verifyPreviewToken(token, options.previewSecrets ?? []).ok;
  };
  const redirects = () => {
    const list = options.fixtures().redirects;
    return Promise.resolve(list === undefined ? json({ error: "no such call: this service keeps no redirects" }, 404) : json(list));
  };

  const routes: Record<string, (request: Request) => Promise<Response>> = {
    "/api/page/get": (request) => getPage(options.fixtures(), request, inPreview(request)),
    "/api/redirect/getredirectlist": redirects,
    "/api/page/getcontentlist": (request) => getContentList(options.fixtures(), now, request),
    "/api/menu/getmenulist": () => Promise.resolve(json(options.fixtures().menus)),
    "/api/resource/list": () => Promise.resolve(json(options.fixtures().resources)),
    "/api/thoughtpaper/downloadthoughtpaperpdf": (request) => downloadPdf(options.fixtures().dir, request),
  };

  // No CORS headers: the site calls its service on its own origin, and no other site may post leads.
  // The per-client lead rate limit is the server's (src/server/node.ts, @fastify/rate-limit).
  return async (request) => {
    const { pathname } = new URL(request.url);
    // Media addresses are files of this origin (CONTENT-API 1): pictures and captions, and the thought papers' PDFs.
    const files = /^\/(media|documents)\/(.*)$/.exec(pathname);
    if (files) {
      if (request.method !== "GET" && request.method !== "HEAD") return new Response(null, { status: 405 });
      return serveFile(options.fixtures().dir, files[1] ?? "media", files[2] ?? "", false);
    }
    if (!pathname.startsWith("/api/")) return null;
    const leadKind = leadKindOf(pathname);
    const handler = leadKind ? (request: Request) => takeLead({ fixtures: options.fixtures(), leads: options.leads, captcha: options.captcha }, leadKind, request) : routes[pathname.toLowerCase()];
    if (!handler) return json({ error: `no such call: ${pathname}` }, 404);
    if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
    return handler(request);
  };
}
