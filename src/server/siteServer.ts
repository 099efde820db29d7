/**
 * The production server (`npm run serve`, `npm start`; also `npm run size` and the e2e tests), on
 * Fastify: every address answered with its server-rendered page (src/ssr), the built files of
 * dist/, and the content service under /api — the embedded fixture service when
 * CONTENT_API_BASE is empty, else that service, forwarded so the browser keeps calling its own
 * origin; content media under /_media/, fetched from that service's origin alone (docs/media.md).
 * docs/server.md has the plugin of each job, the caching rule, Redis and revalidation.
 */
import fastifyStatic from "@fastify/static";
import { LRUCache } from "lru-cache";
import Fastify, { LogController, type FastifyBaseLogger, type FastifyError, type FastifyReply, type FastifyRequest } from "fastify";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { DestinationStream } from "pino";
import type { AddressInfo } from "node:net";
import { relative, resolve } from "node:path";
import { contentCacheDefaults, createContentCache, type ContentCache } from "./contentCache.ts";
import { forwardTo } from "./forward.ts";
import { cacheControl, cacheControlFor, edgePolicyFromEnv } from "./http/cachePolicy.ts";
import { pageTags } from "./edge/cacheTags.ts";
import { edgePurgerFromEnv } from "./edge/purge.ts";
import { fetchThrough, mountFetchHandler, withRawBodies, type FetchHandler } from "./http/fetchHandler.ts";
import { mountFormPosts } from "./http/formPosts.ts";
import { answerHeldPage, pageWriter } from "./http/sendPage.ts";
import { security, securityHeaders, securityOptionsFromEnv } from "./http/security.ts";
import { trustProxyFromEnv, trustProxyWarning } from "./http/trustProxy.ts";
import { healthAnswer, leadCallsTo, leadOutboxFromEnv } from "./leads/mount.ts";
import { leadRateLimit, mountContentApi } from "./node.ts";
import { mediaHandlerFromEnv } from "./media/mediaFromEnv.ts";
import { createPageCache, idleRecompression, notFoundKey, pageBytes, pageCacheDefaults, type CachedPage } from "./pageCache.ts";
import { loadSiteBuild, type SiteBuild } from "./renderModule.ts";
import { revalidation } from "./revalidate.ts";
import { connectShared, type SharedStore } from "./shared.ts";
import type { SwrCache } from "./swrCache.ts";
import type { ReadContentHtml } from "../ssr/site.ts";
import { bearerMatches, createSiteMetrics, metricsListener } from "./metrics.ts";
import { secretProblems } from "./productionChecks.ts";
import { kindOf, logRequests, noteCache, noteTrace, requestIdOf, serverLogger, traceIdOfRequest } from "./requestLog.ts";
import { inSpan, pointSpan, startTracing, type Note } from "./tracing.ts";
import { MEDIA_PREFIX } from "../content/mediaAddress.ts";
import { addressTag, everyPageTag, redirectsTag } from "./edge/cacheTags.ts";
import { mayBePreview, mountPreviewEntry, previewCalls, previewHeaders, previewMedia, previewPages, previewSessionOf, previewSettingsFromEnv, withoutPreviewToken, writePreviewAnswer } from "./preview/preview.ts";
import { createRedirectList, redirectFor, redirectKey } from "./redirects.ts";
import { canonicalAddress, isSitePath, pageAddress, withQueryOf, type AddressVerdict } from "../content/canonicalAddress.ts";
import { numberSetting, retryAfterSeconds, secondsSetting } from "../content/settings.ts";

export interface SiteServer {
  server: Server;
  url: string;
  cache: ContentCache;
  pages: SwrCache<CachedPage>;
  /** METRICS_PORT's /metrics, when set. */
  metricsUrl: string | null;
  /**
   * Stops without loss: no new connections (idle keep-alive ones closed, new requests on open
   * ones answered 503 with `Connection: close`), requests in flight finished — those still
   * running after the grace are cut —, then the lead outbox after its attempts in flight, the
   * in-process content service (its SQLite), media, Redis.
   */
  close: () => Promise<void>;
}

/** SHUTDOWN_GRACE_SECONDS (default 8): how long a stop waits for requests in flight, leaving a supervisor's usual 10 s for the rest. */
export function shutdownGraceMs(env: NodeJS.ProcessEnv): number {
  return secondsSetting(env.SHUTDOWN_GRACE_SECONDS, 8_000);
}

/** A content service running in this process (the fixture service of `npm start`), reached only as a Fetch handler. */
export interface InProcessContentService {
  handler: FetchHandler;
  close(): void;
}

/** Modules and hot reload in `npm run dev` (tools/dev.ts: Vite in middleware mode); nothing else of the server differs. */
export interface DevModules {
  /** Attaches to the server before it listens (Vite's hot-reload socket shares its port). */
  attach(server: Server): Promise<{
    /** The server-rendering entry and page template, loaded through Vite from the sources. */
    build: SiteBuild;
    /** Vite's own requests (modules, its client, public files); anything else goes on to the site. */
    middleware: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
    /** Hashes of the inline scripts Vite writes into the page (React Refresh's preamble), allowed by the CSP. */
    scriptHashes: string[];
    /** Called when a source, layout or fixture changes: rendered pages and content answers are dropped. */
    onChange(listener: () => void): void;
    /** The answer to a request that failed (a layout with problems): the error named, in the page and in Vite's error overlay. */
    errorPage(request: { method: string; url: string; headers: { accept?: string | undefined } }, error: Error): { type: string; body: string };
  }>;
}

export interface SiteServerOptions {
  distDir?: string;
  dev?: DevModules;
  /**
   * The content service to use when CONTENT_API_BASE is empty (CONTENT-API 7: the embedded
   * fixture service); given the shared store so that its lead checks hold across instances.
   * The site server itself imports no content service (the start command hands one in: ./standalone.ts).
   */
  contentService?: (shared: SharedStore | undefined) => InProcessContentService;
  /** Where the render reads content HTML (the start command's worker: src/ssr/htmlWorker.ts); absent, in this thread. */
  contentHtml?: ReadContentHtml;
  port?: number;
  host?: string;
  env?: NodeJS.ProcessEnv;
  /** Where the log goes (default stdout; LOG_LEVEL decides what): a test reads the lines from here. */
  logDestination?: DestinationStream;
}

export async function startSiteServer(options: SiteServerOptions = {}): Promise<SiteServer> {
  const env = options.env ?? process.env;
  // A secret that could be guessed stops every start, dev included (docs/operations.md#settings).
  const weakSecrets = secretProblems(env);
  if (weakSecrets.length > 0) throw new Error(weakSecrets.join("\n"));
  const distDir = options.distDir ?? "dist";
  const base = (env.CONTENT_API_BASE ?? "").replace(/\/+$/, "");
  const siteUrl = (env.SITE_URL ?? "http://localhost:4173").replace(/\/+$/, "");
  const log = serverLogger(env, options.logDestination);
  const proxyWarning = trustProxyWarning(env.TRUST_PROXY);
  if (proxyWarning !== null) log.warn(proxyWarning);
  // OpenTelemetry only with OTEL_EXPORTER_OTLP_ENDPOINT: its SDK is not even loaded otherwise (docs/operations.md#traces).
  const tracing = await startTracing(env);
  /** A span on a request's path, asked for only when tracing is on: untraced, a request runs nothing of ./tracing.ts (a held page's answer checks the same). */
  const span = <T>(name: string, fn: (note?: Note) => Promise<T>): Promise<T> => (tracing ? inSpan(name, fn) : fn());
  // The CDN in front, its lifetimes and its purge (docs/operations.md#a-cdn-in-front): read first, so a misnamed CDN stops the start.
  const edge = edgePolicyFromEnv(env);
  const edgePurger = edgePurgerFromEnv(env, edge.cdn);
  // Editors' previews (CONTENT-API 9): PREVIEW_SECRET, PREVIEW_FRAME_ANCESTORS; a value that cannot be read stops the start.
  const preview = previewSettingsFromEnv(env);
  // Without a preview secret no request is a preview: nothing of a request is checked for one.
  const previewsOn = preview.secrets.length > 0;
  const shared = env.REDIS_URL ? await connectShared(env.REDIS_URL, log) : undefined;
  if (base === "" && !options.contentService) throw new Error("CONTENT_API_BASE is empty and no content service runs in this process: set CONTENT_API_BASE, or run the site on the fixture service (npm start).");
  const inProcess = base === "" ? (options.contentService?.(shared) ?? null) : null;
  const embedded = inProcess ? { service: inProcess.handler } : null;
  const upstreamTimeoutMs = secondsSetting(env.CONTENT_TIMEOUT_SECONDS, 10_000);
  const freshMs = secondsSetting(env.CONTENT_CACHE_SECONDS, 60_000);
  const staleMs = secondsSetting(env.CONTENT_STALE_SECONDS, 600_000);
  // The lead outbox is made further down; /metrics reads it when scraped.
  let outbox: ReturnType<typeof leadOutboxFromEnv> | null = null;
  const metrics = createSiteMetrics({ outbox: () => outbox?.status() ?? null, redisConnected: () => (shared ? shared.connected() : null) });
  /** The server's warnings (a content call served from the last good copy, a failed forward) go to its log. */
  const warn = (message: string) => log.warn(message);
  const megabytes = (value: string | undefined, fallback: number) => numberSetting(value, fallback, (n) => Number.isInteger(n) && n > 0) * 1024 * 1024;
  const entries = (value: string | undefined, fallback: number) => numberSetting(value, fallback, (n) => Number.isInteger(n) && n > 0);
  const cache = createContentCache({
    base,
    inProcess: embedded?.service,
    timeoutMs: upstreamTimeoutMs,
    freshMs,
    staleMs,
    shared,
    observe: metrics.contentCache,
    span,
    warn,
    maxEntries: entries(env.CONTENT_CACHE_ENTRIES, contentCacheDefaults.entries),
    maxBytes: megabytes(env.CONTENT_CACHE_MB, contentCacheDefaults.megabytes),
  });

  // A fresh render is answered at the fast compression; the best is made when the server is idle.
  const recompression = idleRecompression({ warn });
  // A page keeps the same freshness as the content it is made of, and the list of that content.
  const pages = createPageCache({
    warn,
    freshMs,
    staleMs,
    shared,
    maxEntries: entries(env.PAGE_CACHE_ENTRIES, pageCacheDefaults.entries),
    maxBytes: megabytes(env.PAGE_CACHE_MB, pageCacheDefaults.megabytes),
    // A page in Redis brings the content answers it was made of: only those reach Redis (a stranger's random address's do not).
    sharedPage: (page) => void cache.answers.shared?.publish(page.deps).catch(() => undefined),
    render: (address) =>
      recompression.during(async () => {
        const rendered = metrics.startRender();
        const deps = new Set<string>();
        const made = await span("render", async () => {
          // The render bundle's page as the server keeps it (src/ssr/entry-server.tsx): a missing page comes back unrendered
          // (`not-found`) unless `address` is its route's own pattern: the page cache keeps one not-found page per route.
          const document = await build.site.renderServedPage(new Request(new URL(address, siteUrl)), { fetch: cache.recording(deps), siteUrl });
          // Routed, not rendered (nor counted as a render): the route's one not-found page is answered (./pageCache.ts).
          if (document.kind === "not-found") return { notFoundPage: notFoundKey(document.notFoundOf) };
          // A redirect (a missing address sent home) is routed, not rendered either.
          return pageBytes(document, [...deps], pageTags(address, [...deps])).finally(() => document.kind === "page" && rendered());
        });
        if ("notFoundPage" in made) return made;
        const page = made;
        recompression.schedule(page);
        return page;
      }),
  });

  let devMiddleware: Awaited<ReturnType<DevModules["attach"]>>["middleware"] | undefined = undefined;
  let answerHeld: (req: IncomingMessage, res: ServerResponse) => boolean = () => false;
  /** Set when a stop begins: a keep-alive connection is closed as soon as its answer in flight is written (else it would hold the stop for its idle time-out). */
  let stopping = false;
  /** Answers not yet finished: those a stop finds unwritten are sent with `Connection: close`, so the client does not reuse a connection about to close. */
  const inFlight = new Set<ServerResponse>();
  const logRequest = logRequests(log, metrics.request);
  // Typed as Fastify's logger (pino's is one), so the instance keeps the type the mounting helpers take.
  const fastifyLog: FastifyBaseLogger = log;
  const app = Fastify({
    // One logger for the server: Fastify's own lines (and errors) carry the request id of the request's line.
    loggerInstance: fastifyLog,
    // Fastify's own "incoming request" / "request completed" pair is replaced by logRequests' one line.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdOf,
    // On close, only idle keep-alive connections are cut: a request in flight is finished (see close below).
    forceCloseConnections: "idle",
    // Who the client is behind a CDN (TRUST_PROXY, src/server/http/trustProxy.ts); forwarded headers are ignored without it.
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
    routerOptions: { caseSensitive: false },
    // A page held fresh is answered before routing, like a static file; everything else is Fastify's
    // (in `npm run dev`, after Vite has passed on what is not its own).
    serverFactory: (handler) =>
      createServer(
        // Node checks the header and request time-outs every `connectionsCheckingInterval` (30 s by default): checked each second, a slow-header client is cut off within a second of its time.
        { connectionsCheckingInterval: 1_000, headersTimeout: secondsSetting(env.HEADERS_TIMEOUT_SECONDS, 10_000), requestTimeout: 30_000 },
        (req, res) => {
          logRequest(req, res);
          if (stopping) res.shouldKeepAlive = false;
          else {
            inFlight.add(res);
            res.once("close", () => inFlight.delete(res));
            res.once("finish", () => stopping && setImmediate(() => app.server.closeIdleConnections()));
          }
          const answer = () => {
            if (answerHeld(req, res)) {
              if (tracing) pointSpan("page cache", { "cache.outcome": "hit" });
              return noteCache(req, "hit");
            }
            if (devMiddleware) devMiddleware(req, res, () => handler(req, res));
            else handler(req, res);
          };
          // Traced, the whole request is one span, its parent the incoming traceparent (a held page's too).
          if (tracing) tracing.serve(req, res, kindOf((req.url ?? "/").split("?")[0] ?? "/", req.method ?? "GET"), (traceId) => noteTrace(req, traceId), answer);
          else answer();
        },
      ),
  });
  // Fastify's routes and hooks as spans (@fastify/otel), registered before any route.
  await tracing?.instrument(app);
  const dev = options.dev ? await options.dev.attach(app.server) : undefined;
  const build = dev ? dev.build : await loadSiteBuild(distDir, options.contentHtml);
  devMiddleware = dev?.middleware;
  // A change of sources, layouts or fixtures in `npm run dev` shows on the next request.
  dev?.onChange(() => {
    pages.dropAllHere();
    cache.answers.dropAllHere();
  });
  // The inline scripts the CSP lets run: Vite's in `npm run dev`, src/boot.ts's written into every page otherwise (./bootScript.ts).
  const securityOptions = { ...securityOptionsFromEnv(env), scriptHashes: [...(dev?.scriptHashes ?? []), ...(build.boot ? [build.boot.hash] : [])] };
  const headers = await securityHeaders(securityOptions);
  // A preview's answers may be framed by the editor's tool (PREVIEW_FRAME_ANCESTORS) and by no one else; every other answer refuses frames.
  const previewSecurity = await securityHeaders({ ...securityOptions, frameAncestors: preview.frameAncestors.length > 0 ? ["'self'", ...preview.frameAncestors] : undefined });
  const writePage = pageWriter(headers, edge);
  // Which page a request target names, when it is a page's one spelling and no editor redirected it
  // (else false), is decided once per target: the fast path then only looks the page up. Forgotten
  // when the editors' redirects change; bounded by count and characters, as strangers choose the targets.
  const heldAddresses = new LRUCache<string, { address: string } | false>({ max: 10_000, maxSize: 4_000_000, sizeCalculation: (_held, target) => target.length + 1 });
  // The editors' redirects (CONTENT-API 9), loaded now and kept as content answers are; the route table's own addresses cannot be redirected.
  const redirects = createRedirectList({
    call: (path, body) => cache.uncached({})(path, { method: "POST", body }),
    rules: { isSitePath, fixed: new Set((build.site.routeTableAddresses()).map(redirectKey)) },
    freshMs,
    staleMs,
    shared,
    warn,
    changed: () => heldAddresses.clear(),
  });
  const siteOrigin = new URL(siteUrl).origin;
  /**
   * A request's one address (src/content/canonicalAddress.ts): its canonical path and the
   * parameters a page reads, the key of its page here and in Redis; any other spelling is a 301.
   * This is the seam the request path turns on: what looks up an address (editors' redirects
   * included) takes the verdict's canonical path, after this and before the route table.
   */
  const addressOf = (target: string): AddressVerdict => canonicalAddress(target, siteOrigin);
  /** The canonical path of an address that is one. */
  const canonicalPathOf = (verdict: AddressVerdict) => (verdict.kind === "page" ? verdict.path : verdict.kind === "moved" ? new URL(verdict.location, siteOrigin).pathname : undefined);
  /** Where an editor redirected the address a request asks for, matched on its one spelling (so another spelling is one hop, not two), the query kept. */
  const editorsRedirect = (target: string, verdict: AddressVerdict) => {
    const path = canonicalPathOf(verdict);
    if (path === undefined) return undefined;
    const query = target.indexOf("?");
    return redirectFor(redirects.table(), path, query === -1 ? "" : target.slice(query));
  };
  // Pages are kept by their one address; a request that may be a preview, or whose address an editor redirected, goes on to the page route.
  const heldAddressOf = (target: string) => {
    let held = heldAddresses.get(target);
    if (held === undefined) {
      const verdict = addressOf(target);
      held = verdict.kind === "page" && editorsRedirect(target, verdict) === undefined ? { address: verdict.address } : false;
      heldAddresses.set(target, held);
    }
    return held;
  };
  const heldPage = answerHeldPage((target) => {
    const held = heldAddressOf(target);
    return held ? pages.fresh(held.address) : undefined;
  }, writePage);
  answerHeld = previewsOn ? (req, res) => !mayBePreview(preview.secrets, req) && heldPage(req, res) : heldPage;
  const answerPreview = previewPages({ render: (address, fetch, inPreview) => build.site.renderDocument(new Request(new URL(address, siteUrl)), { fetch, siteUrl, preview: inPreview }), uncached: (extra) => cache.uncached(extra), headers: previewSecurity, failed: (error) => log.error({ err: error }, "a preview could not be rendered") });
  // Slow clients are cut off (the server is ours, from serverFactory, so its time-outs are set here).
  app.server.keepAliveTimeout = 5_000;
  app.server.maxHeadersCount = 100;
  // A cap on open connections (MAX_CONNECTIONS, default 1,024): past it, a new connection is closed at once instead of costing a socket and memory.
  app.server.maxConnections = numberSetting(env.MAX_CONNECTIONS, 1_024, (n) => Number.isInteger(n) && n > 0);
  // Errors are answered with their status and a sentence, never a stack; a refused body closes the connection.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, "the request failed");
    if (status === 413) void reply.header("Connection", "close");
    // `npm run dev` names the problem (a layout's file, JSON path and message) to the developer; production never does.
    if (dev && status >= 500) {
      const page = dev.errorPage(request, error);
      return reply.code(status).header("Cache-Control", cacheControl.noStore).type(page.type).send(page.body);
    }
    return reply.code(status).header("Cache-Control", cacheControl.noStore).send({ error: status >= 500 ? "this request could not be answered" : error.message });
  });

  await app.register(security, { headers });
  await leadRateLimit(app, env, shared);

  // Forwarding: the lead calls go through the lead outbox (src/server/leads, docs/leads.md), so no lead is lost while the service is down.
  outbox = embedded ? null : leadOutboxFromEnv(env, base, upstreamTimeoutMs, { log, shared });
  const forward = forwardTo(base, { timeoutMs: upstreamTimeoutMs, warn });
  // The preview's token is added to the browser's content calls only from a verified preview of a request from the site itself; a client's own X-Content-Preview never passes.
  const api = previewCalls(embedded ? embedded.service : outbox ? leadCallsTo(outbox, forward) : forward, preview, new URL(siteUrl).origin);
  // The fixture service's own files stay at /media/ (its same-origin addresses); another service's are only reached through /_media/.
  mountContentApi(app, api, { files: embedded !== null, siteOrigin: new URL(siteUrl).origin });
  // Content media under /_media/, fetched from the content service's origin alone, with its limits (docs/media.md).
  const media = mediaHandlerFromEnv(env, { base, embedded: embedded?.service ?? null, warn });
  // A preview's media are fetched past the media cache and kept nowhere.
  mountFetchHandler(app, { prefix: `${MEDIA_PREFIX}/`, handler: previewMedia(media.handler, preview, new URL(siteUrl).origin) });
  // Whether the server answers, and the lead outbox's counts and ages (nothing personal).
  app.get("/healthz", (_request, reply) => reply.header("Cache-Control", cacheControl.noStore).send(healthAnswer(outbox)));
  /** The status of the home page (`/`, through its redirects on this site) as its next visitor would get it: held, or rendered now. */
  async function homeStatus(): Promise<number> {
    let address = "/";
    for (let redirects = 0; redirects < 3; redirects += 1) {
      const page = await pages.get(address).catch(() => null);
      if (page === null) return 500;
      if (page.location === undefined || !page.location.startsWith("/")) return page.status;
      const next = addressOf(page.location);
      if (next.kind !== "page") return page.status;
      address = next.address;
    }
    return 508;
  }
  // Readiness, apart from liveness: the render bundle is loaded (it is before the server listens),
  // and pages can be made: a page held rendered 200, or else the home page renders 200 now (a
  // service that is down, or answers no page, leaves the instance unready; a 404 held does not count).
  app.get("/readyz", async (_request, reply) => {
    const pagesHeld = pages.entries().filter(([, page]) => page.status === 200).length;
    const home = pagesHeld > 0 ? null : await homeStatus();
    const ready = pagesHeld > 0 || home === 200;
    return reply
      .code(ready ? 200 : 503)
      .header("Cache-Control", cacheControl.noStore)
      .send({ ready, renderer: "loaded", pagesHeld, home: home === null ? "not asked (pages held)" : home });
  });

  // The built files; in `npm run dev` Vite serves the sources and public/ instead.
  if (!dev) await app.register(fastifyStatic, {
    root: resolve(distDir),
    // One route per built file; everything else is an address, answered by the page route below.
    wildcard: false,
    index: false,
    redirect: false,
    // The .br / .gz copies the build wrote (src/server/http/precompress.ts).
    preCompressed: true,
    // The server's own code and the build manifest are not the public's, nor are the source maps
    // (the original source, comments and all: the build writes them for the operator only). What
    // `npm run export` writes for a static host (pages, sitemap, robots.txt, media copies) is not
    // served here either: the server makes each from the content it has now, so an export and the
    // server live in one dist/ (and a second route for /robots.txt would stop the server starting).
    globIgnore: ["server/**", ".vite/**", "**/index.html", "**/index.html.*", "_headers", "_redirects", "**/*.map", "**/*.map.*", "robots.txt", "sitemap.xml", "sitemap-*", "_media/**"],
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header("Cache-Control", cacheControlFor(`/${relative(resolve(distDir), path)}`));
      reply.header("Vary", "Accept-Encoding");
    },
  });

  /** sitemap.xml (and its parts past 50,000 addresses) and robots.txt, from the addresses the content has now. */
  async function siteFile(name: string): Promise<string | undefined> {
    if (name === "robots.txt") return build.site.robotsTxt(siteUrl);
    // An address an editor redirected is no page of its own: not in the sitemap.
    const addresses = (await build.site.listAddresses({ fetch: cache.fetch, siteUrl })).filter((address) => {
      const path = typeof address === "string" ? address : address.path;
      return editorsRedirect(path, addressOf(path)) === undefined;
    });
    return build.site.sitemapFiles(addresses, siteUrl).get(name);
  }
  revalidation(app, { secret: env.REVALIDATE_SECRET, pages, content: cache.answers, shared, redirects, edge: edgePurger });
  mountPreviewEntry(app, { settings: preview, siteUrl, headers: previewSecurity });

  // Crawler files, compressed per request (a sitemap may hold 50,000 addresses).
  withRawBodies(app, (scope) => {
    const crawlerFile = async (name: string, reply: FastifyReply) => {
      const content = await siteFile(name).catch((error: unknown) => {
        log.error({ err: error }, `${name} could not be made`);
        return null;
      });
      if (content === null) return reply.code(503).header("Retry-After", String(retryAfterSeconds)).header("Cache-Control", cacheControl.noStore).send();
      if (content === undefined) return reply.callNotFound();
      return reply.header("Cache-Control", cacheControl.html).type(name.endsWith(".xml") ? "application/xml; charset=utf-8" : "text/plain; charset=utf-8").send(content);
    };
    scope.get("/robots.txt", (_request, reply) => crawlerFile("robots.txt", reply));
    scope.get("/sitemap.xml", (_request, reply) => crawlerFile("sitemap.xml", reply));
    scope.get("/sitemap-*", (request: FastifyRequest<{ Params: { "*": string } }>, reply) => crawlerFile(`sitemap-${request.params["*"]}`, reply));
  });

  app.get("/*", async (request: FastifyRequest, reply: FastifyReply) => {
    const verdict = addressOf(request.url);
    if (verdict.kind === "bad") return reply.code(400).header("Cache-Control", cacheControl.noStore).send({ error: "the address is not a path" });
    const session = previewsOn ? previewSessionOf(preview.secrets, request.headers.cookie, request.url) : undefined;
    // An editor's redirect first (CONTENT-API 9: after the address is read, before the route table), kept by a CDN until a publish
    // changes the list; in preview, kept nowhere (its address may carry the preview's token).
    const redirect = editorsRedirect(request.url, verdict);
    if (redirect) {
      reply.hijack();
      if (session) return writePreviewAnswer(request.raw, reply.raw, redirect.status, { ...previewHeaders(previewSecurity), location: redirect.location });
      const path = canonicalPathOf(verdict) ?? request.url;
      return writePage(request.raw, reply.raw, { status: redirect.status, location: redirect.location, etag: "", html: Buffer.alloc(0), br: Buffer.alloc(0), gzip: Buffer.alloc(0), compression: "best", deps: [], tags: [everyPageTag, addressTag(path), redirectsTag] });
    }
    // Another spelling of a page: moved for good to its one address, nothing rendered or kept for it.
    if (verdict.kind === "moved") return reply.code(301).header("Location", verdict.location).header("Cache-Control", cacheControl.html).send();
    // A preview: rendered for this request alone, never from or into a cache.
    if (session) {
      noteCache(request.raw, "miss");
      const previewed = answerPreview(request.raw, reply.raw, pageAddress(withoutPreviewToken(request.url)), session);
      reply.hijack();
      return previewed;
    }
    const { address } = verdict;
    const { value: page, cache: outcome } = await span("page cache", async (note) => {
      const found = await pages.lookup(address);
      note?.({ "cache.outcome": found.cache });
      return found;
    });
    noteCache(request.raw, outcome);
    // Written as a held page is (its headers built once), past Fastify's own sending; a redirect keeps the campaign tags it was reached with.
    reply.hijack();
    writePage(request.raw, reply.raw, page.location !== undefined && address !== request.url ? { ...page, location: withQueryOf(page.location, request.url) } : page);
  });
  // A form posted to a page (issue 20): the route's action, its lead through `api` in process, as the browser's own lead call.
  mountFormPosts(app, {
    siteOrigin: new URL(siteUrl).origin,
    answer: (request, clientAddress, raw) =>
      build.site.answerFormPost(request, { fetch: cache.fetch, siteUrl, leadFetch: fetchThrough(api, siteUrl, { clientAddress, traceId: traceIdOfRequest(raw) }) }),
  });

  // /metrics on the public port only with a token; on METRICS_PORT, a listener of its own.
  const metricsToken = env.METRICS_TOKEN ?? "";
  if (metricsToken !== "") {
    app.get("/metrics", async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, metricsToken)) return reply.code(401).header("WWW-Authenticate", "Bearer").header("Cache-Control", cacheControl.noStore).send({ error: "a bearer token is needed" });
      const { contentType, body } = await metrics.scrape();
      return reply.header("Cache-Control", cacheControl.noStore).type(contentType).send(body);
    });
  }

  const host = options.host ?? "127.0.0.1";
  // Read before listening: a METRICS_PORT that is not a port stops the start before the site is reachable.
  const metricsPort = env.METRICS_PORT ? numberSetting(env.METRICS_PORT, 0, (n) => Number.isInteger(n) && n >= 0 && n < 65_536) : null;
  await app.listen({ port: options.port ?? 0, host });
  const metricsServer = metricsPort === null ? null : await metricsListener(metrics, metricsPort, host);
  outbox?.start();
  const origin = (server: Server) => `http://${host === "127.0.0.1" ? "localhost" : host}:${String((server.address() as AddressInfo).port)}`;
  return {
    server: app.server,
    url: origin(app.server),
    metricsUrl: metricsServer ? `${origin(metricsServer)}/metrics` : null,
    cache,
    pages,
    close: async () => {
      // The bounded wait: requests still running after the grace are cut, so a stop always ends.
      const cut = setTimeout(() => app.server.closeAllConnections(), shutdownGraceMs(env));
      stopping = true;
      for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
      metricsServer?.close();
      await app.close();
      clearTimeout(cut);
      inProcess?.close();
      await outbox?.stop();
      media.close();
      await shared?.close();
      await tracing?.shutdown();
    },
  };
}
