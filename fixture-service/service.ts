/**
 * The fixture content service: CONTENT-API implemented over fixtures/, as a Fetch-API
 * handler (Request in, Response out) so the same code runs in the Vite dev server, the
 * standalone server and unit tests without a socket. This file routes; each job has its
 * module in fixture-service/: pages, lists, leads and files.
 */
import type { CaptchaVerifier } from "../src/shared/captcha.ts";
import type { Fixtures } from "./fixtures.ts";
import { json } from "../src/shared/jsonAnswer.ts";
import type { LeadStore } from "./leadStore.ts";
import { downloadPdf, serveFile } from "./files.ts";
import { takeLead } from "./leads.ts";
import type { LeadKind } from "../src/shared/leadIntake.ts";
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

/** What a call is answered with: the service's options, its clock, and whether a request carries a valid preview token. */
interface Answering {
  options: ContentServiceOptions;
  now: () => Date;
  inPreview: (request: Request) => boolean;
}

const lead = (kind: LeadKind) => ({ options }: Answering, request: Request) => takeLead({ fixtures: options.fixtures(), leads: options.leads, captcha: options.captcha }, kind, request);

/**
 * The calls this service answers, as CONTENT-API spells them (a request's path matches ignoring
 * case), each answered by its job's module. The service's own table, not the site's
 * (src/content/calls.ts): service.test.ts holds it to docs/content-contract.md, so a drift of the
 * contract, the site or this service shows.
 */
const calls: Record<string, (answering: Answering, request: Request) => Promise<Response>> = {
  "/api/page/get": ({ options, inPreview }, request) => getPage(options.fixtures(), request, inPreview(request)),
  "/api/menu/GetMenuList": ({ options }) => Promise.resolve(json(options.fixtures().menus)),
  "/api/resource/list": ({ options }) => Promise.resolve(json(options.fixtures().resources)),
  "/api/page/GetContentList": ({ options, now }, request) => getContentList(options.fixtures(), now, request),
  "/api/contactus/create": lead("contact"),
  "/api/contactus/presentation-page": lead("presentation"),
  "/api/thoughtPaper/SaveUserInfo": lead("thought-paper"),
  "/api/thoughtPaper/downloadThoughtPaperPdf": ({ options }, request) => downloadPdf(options.fixtures().dir, request),
  "/api/redirect/GetRedirectList": ({ options }) => {
    const list = options.fixtures().redirects;
    return Promise.resolve(list === undefined ? json({ error: "no such call: this service keeps no redirects" }, 404) : json(list));
  },
};

/** The paths of the calls this service answers, as it spells them. */
export const fixtureServiceCalls = Object.keys(calls);

const callsByPath = new Map(Object.entries(calls).map(([path, call]) => [path.toLowerCase(), call]));

export function createContentService(options: ContentServiceOptions): ContentService {
  const answering: Answering = {
    options,
    now: options.now ?? (() => new Date()),
    /** The service checks the token itself (CONTENT-API 9): a missing or invalid one is no token. */
    inPreview: (request) => {
      const token = request.headers.get("X-Content-Preview");
      return token !== null && verifyPreviewToken(token, options.previewSecrets ?? []).ok;
    },
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
    const call = callsByPath.get(pathname.toLowerCase());
    if (!call) return json({ error: `no such call: ${pathname}` }, 404);
    if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
    return call(answering, request);
  };
}
