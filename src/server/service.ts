/**
 * The fixture content service: CONTENT-API implemented over fixtures/, as a Fetch-API
 * handler (Request in, Response out) so the same code runs in the Vite dev server, the
 * standalone server and unit tests without a socket.
 */
import { readFile } from "node:fs/promises";
import { basename, extname, join } from "node:path";
import { ContentListRequestSchema, contactFieldNames } from "../content/contract.ts";
import { matchPath } from "../content/paths.ts";
import { contactSchema, fieldErrors, thoughtPaperSchema, thoughtPaperMessages, contactMessages } from "../forms/validation.ts";
import type { CaptchaVerifier } from "./captcha.ts";
import { listKinds, type Fixtures, type Json, type JsonObject, type ListKind } from "./fixtures.ts";
import { createRateLimiter, defaultLeadsPerMinute, type RateLimiter } from "./http/rateLimit.ts";
import { LeadsUnavailable, type Lead, type LeadInput, type LeadStore } from "./leadStore.ts";

export interface ContentServiceOptions {
  /** Current fixtures; called per request so a dev server can hand in freshly edited files. */
  fixtures: () => Fixtures;
  leads: LeadStore;
  captcha: CaptchaVerifier;
  /** The clock of the "Last 3/6 Months" filters. */
  now?: () => Date;
  /** The lead calls one client may make (default 10 a minute per address). */
  leadRateLimit?: RateLimiter;
}

/** Who sent a request, as the socket says (never a header a client could set). */
export interface RequestContext {
  clientAddress?: string | undefined;
}

export type ContentService = (request: Request, context?: RequestContext) => Promise<Response | null>;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8" } });

const badRequest = (errors: Record<string, string>) => json({ errors }, 400);

/** How long a visitor should wait before sending a lead again after the database was busy. */
export const busyRetryAfterSeconds = 5;

/** The media type of a request, without parameters, in lower case. */
const mediaTypeOf = (request: Request) => (request.headers.get("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";

/** CONTENT-API 5: each lead call takes exactly one body type. */
export const leadBodyTypes: Readonly<Record<string, string>> = {
  "/api/contactus/create": "multipart/form-data",
  "/api/contactus/presentation-page": "multipart/form-data",
  "/api/thoughtpaper/saveuserinfo": "application/json",
};

const mediaTypes: Record<string, string> = {
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".webm": "video/webm",
  ".mp4": "video/mp4",
  ".vtt": "text/vtt; charset=utf-8",
  ".json": "application/json",
  ".pdf": "application/pdf",
};

/** A plain file name: no directories, no "..", nothing a path could be built from. */
const safeFileName = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

const namedEntities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Character references as a browser reads them; unknown names stay as written. */
function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z]+));/gi, (whole, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
    const code = dec !== undefined ? Number(dec) : hex !== undefined ? parseInt(hex, 16) : undefined;
    if (code !== undefined) return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    return namedEntities[(name ?? "").toLowerCase()] ?? whole;
  });
}

/** The text a visitor sees of a title: markup dropped, character references decoded. */
const plain = (html: string) => decodeEntities(html.replace(/<[^>]*>/g, "")).replace(/\s+/g, " ").trim();
const text = (value: Json | undefined): string => (typeof value === "string" ? value : "");

function withoutDetail(item: JsonObject): JsonObject {
  const { detail: _detail, ...rest } = item;
  return rest;
}

/** The Page of a blog, case study or thought paper, built from its list item. */
function detailPage(kind: ListKind, item: JsonObject, slug: string): JsonObject {
  const { embed, image } = listKinds[kind];
  const base = withoutDetail(item);
  const detail = typeof item.detail === "object" && item.detail !== null && !Array.isArray(item.detail) ? item.detail : {};
  const page: JsonObject = {
    id: 100_000 * listKinds[kind].contentType + (typeof item.id === "number" ? item.id : 0),
    name: slug,
    title: plain(text(item.title)),
    metaDescription: plain(text(item.shortDesc)) || null,
    heading: text(item.title) || null,
    shortDesc: item.shortDesc ?? null,
    longDesc: item.longDesc ?? null,
    contents: kind === "thoughtpapers" ? [base] : [],
    conetentTemplates: [],
    resources: null,
    ...(embed ? { [embed]: base } : {}),
    ...(image ? { [image]: item.image ?? null } : {}),
  };
  for (const [key, value] of Object.entries(detail)) {
    page[key] = key === "contents" && Array.isArray(value) ? [...(page.contents as Json[]), ...value] : value;
  }
  return page;
}

function findPage(fixtures: Fixtures, request: string): JsonObject | undefined {
  if (!request.startsWith("/")) return fixtures.pages.get(request.toLowerCase());
  for (const kind of Object.keys(listKinds) as ListKind[]) {
    const slug = matchPath(listKinds[kind].detail, request)?.[0];
    if (slug === undefined) continue;
    const item = fixtures.lists[kind].find((entry) => text(entry.anchorlink).replace(/^\/+/, "").toLowerCase() === slug.toLowerCase());
    return item ? detailPage(kind, item, slug) : undefined;
  }
  const segments = request.split("/").filter(Boolean);
  const [first] = segments;
  return segments.length === 1 && first !== undefined ? fixtures.pages.get(first.toLowerCase()) : undefined;
}

function monthsAgo(now: Date, months: number): Date {
  const date = new Date(now);
  date.setMonth(date.getMonth() - months);
  return date;
}

async function readJsonBody(request: Request): Promise<{ ok: true; value: unknown } | { ok: false }> {
  try {
    return { ok: true, value: await request.json() };
  } catch {
    return { ok: false };
  }
}

export function createContentService(options: ContentServiceOptions): ContentService {
  const now = options.now ?? (() => new Date());
  const leadRateLimit = options.leadRateLimit ?? createRateLimiter({ limit: defaultLeadsPerMinute, windowMs: 60_000 });

  /** The stored lead, or the 503 that tells the visitor to try again: nothing is lost silently. */
  async function storeLead(lead: LeadInput): Promise<Lead | Response> {
    try {
      return await options.leads.add(lead);
    } catch (error) {
      if (!(error instanceof LeadsUnavailable)) throw error;
      console.warn(error.message);
      const response = json({ error: "the request could not be stored just now; please try again in a moment" }, 503);
      response.headers.set("Retry-After", String(busyRetryAfterSeconds));
      return response;
    }
  }

  async function getPage(request: Request): Promise<Response> {
    const body = await readJsonBody(request);
    if (!body.ok || typeof body.value !== "string") return badRequest({ body: "the body is a JSON string: a page name or a path" });
    return json(findPage(options.fixtures(), body.value.trim()) ?? { id: 0 });
  }

  async function getContentList(request: Request): Promise<Response> {
    const body = await readJsonBody(request);
    const parsed = ContentListRequestSchema.safeParse(body.ok ? body.value : undefined);
    if (!parsed.success) return badRequest(fieldErrors(parsed.error));
    const { contentType, search, sort, pageSize, PageNo, Filter } = parsed.data;
    const kind = (Object.keys(listKinds) as ListKind[]).find((k) => listKinds[k].contentType === contentType);
    if (!kind) return json({ contents: [] });
    const needle = search.trim().toLowerCase();
    const since = Filter === "Last 3 Months" ? monthsAgo(now(), 3) : Filter === "Last 6 Months" ? monthsAgo(now(), 6) : null;
    const time = (item: JsonObject) => {
      const t = Date.parse(text(item.date));
      return Number.isNaN(t) ? null : t;
    };
    const matches = options
      .fixtures()
      .lists[kind].filter((item) => needle === "" || plain(text(item.title)).toLowerCase().includes(needle))
      .filter((item) => {
        const t = time(item);
        return since === null || (t !== null && t >= since.getTime() && t <= now().getTime());
      })
      .sort((a, b) => {
        const ta = time(a);
        const tb = time(b);
        if (ta === null || tb === null) return ta === null ? (tb === null ? 0 : 1) : -1;
        return sort === "Ascending" ? ta - tb : tb - ta;
      });
    const page = matches.slice((PageNo - 1) * pageSize, PageNo * pageSize).map(withoutDetail);
    const [first, ...others] = page;
    return json({ contents: first ? [{ ...first, totalRow: matches.length }, ...others] : [] });
  }

  async function contactUs(request: Request, presentation: boolean): Promise<Response> {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      return badRequest({ body: "the body is multipart form data" });
    }
    const known = new Set<string>(contactFieldNames);
    const seen = new Set<string>();
    for (const [name, value] of form.entries()) {
      // Only the form's own text fields, each once: no uploads, no extra parts riding along.
      if (!known.has(name) || typeof value !== "string" || seen.has(name)) return badRequest({ body: `unexpected form part: ${name}` });
      seen.add(name);
    }
    const fields = Object.fromEntries(contactFieldNames.map((name) => {
      const value = form.get(name);
      return [name, typeof value === "string" ? value : ""];
    }));
    const parsed = contactSchema({ presentation }).safeParse(fields);
    if (!parsed.success) return badRequest(fieldErrors(parsed.error));
    if (!(await options.captcha(parsed.data.token))) return badRequest({ token: contactMessages.captcha });
    const stored = await storeLead({
      kind: presentation ? "presentation" : "contact",
      name: parsed.data.name,
      organisation: parsed.data.Organisation,
      email: parsed.data.email,
      contactNumber: parsed.data.contactNumber,
      message: parsed.data.message,
    });
    return stored instanceof Response ? stored : json({ id: stored.id, status: "received" });
  }

  async function saveUserInfo(request: Request): Promise<Response> {
    const body = await readJsonBody(request);
    const value = body.ok && typeof body.value === "object" && body.value !== null ? (body.value as Record<string, unknown>) : {};
    const parsed = thoughtPaperSchema.safeParse(value);
    if (!parsed.success) return badRequest(fieldErrors(parsed.error));
    const paperName = typeof value.thoughtPaperName === "string" ? value.thoughtPaperName.trim() : "";
    if (paperName === "") return badRequest({ thoughtPaperName: "Please choose a thought paper" });
    if (!(await options.captcha(parsed.data.token))) return badRequest({ token: thoughtPaperMessages.captcha });
    // A service answers null for a paper it does not offer; the site then stops the download.
    const known = options.fixtures().lists.thoughtpapers.some((item) => plain(text(item.title)).toLowerCase() === paperName.toLowerCase());
    if (!known) return json(null);
    const stored = await storeLead({
      kind: "thought-paper",
      name: parsed.data.name,
      organisation: parsed.data.Organisation,
      email: parsed.data.email,
      contactNumber: parsed.data.contactNumber,
      thoughtPaperName: paperName,
    });
    return stored instanceof Response ? stored : json({ id: stored.id, status: "saved" });
  }

  async function serveFile(dir: string, name: string, download: boolean): Promise<Response> {
    if (!safeFileName.test(name)) return new Response("Not found", { status: 404 });
    const type = mediaTypes[extname(name).toLowerCase()];
    if (!type) return new Response("Not found", { status: 404 });
    try {
      const bytes = await readFile(join(options.fixtures().dir, dir, name));
      return new Response(bytes, {
        headers: {
          "Content-Type": type,
          "Cache-Control": "public, max-age=3600",
          ...(download ? { "Content-Disposition": `attachment; filename="${name}"` } : {}),
        },
      });
    } catch {
      return new Response("Not found", { status: 404 });
    }
  }

  async function downloadPdf(request: Request): Promise<Response> {
    const body = await readJsonBody(request);
    const value = body.ok && typeof body.value === "object" && body.value !== null ? (body.value as Record<string, unknown>) : {};
    const address = typeof value.DocumentURL === "string" ? value.DocumentURL : "";
    let path: string;
    try {
      path = decodeURIComponent(new URL(address, "http://fixture.invalid").pathname);
    } catch {
      return new Response("Not found", { status: 404 });
    }
    const name = basename(path);
    if (!name.toLowerCase().endsWith(".pdf") || !path.startsWith("/documents/")) return new Response("Not found", { status: 404 });
    return serveFile("documents", name, true);
  }

  const routes: Record<string, (request: Request) => Promise<Response>> = {
    "/api/page/get": getPage,
    "/api/page/getcontentlist": getContentList,
    "/api/menu/getmenulist": () => Promise.resolve(json(options.fixtures().menus)),
    "/api/resource/list": () => Promise.resolve(json(options.fixtures().resources)),
    "/api/contactus/create": (request) => contactUs(request, false),
    "/api/contactus/presentation-page": (request) => contactUs(request, true),
    "/api/thoughtpaper/saveuserinfo": saveUserInfo,
    "/api/thoughtpaper/downloadthoughtpaperpdf": downloadPdf,
  };

  // No CORS headers: the site calls its service on its own origin, and no other site may post leads.
  return async (request, context = {}) => {
    const { pathname } = new URL(request.url);
    // Media addresses are files of this origin (CONTENT-API 1): pictures and captions, and the thought papers' PDFs.
    const files = /^\/(media|documents)\/(.*)$/.exec(pathname);
    if (files) {
      if (request.method !== "GET" && request.method !== "HEAD") return new Response(null, { status: 405 });
      return serveFile(files[1] ?? "media", files[2] ?? "", false);
    }
    if (!pathname.startsWith("/api/")) return null;
    const route = pathname.toLowerCase();
    const handler = routes[route];
    if (!handler) return json({ error: `no such call: ${pathname}` }, 404);
    if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
    const bodyType = leadBodyTypes[route];
    if (bodyType !== undefined) {
      // Calls from inside the process (tests, server rendering) carry no address and are not limited.
      const decision = context.clientAddress === undefined ? { allowed: true as const } : leadRateLimit.take(context.clientAddress);
      if (!decision.allowed) {
        const response = json({ error: "too many requests from this address; please try again in a moment" }, 429);
        response.headers.set("Retry-After", String(decision.retryAfterSeconds));
        return response;
      }
      if (mediaTypeOf(request) !== bodyType) return json({ error: `this call takes ${bodyType}` }, 415);
    }
    return handler(request);
  };
}
