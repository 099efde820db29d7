/**
 * The content API as the servers mount it: the fixture service (or the forwarder) as a Fetch
 * handler under /api/ (and /media/), each call with its body cap, the lead calls with their
 * per-client rate limit (@fastify/rate-limit, counted in Redis when there is one); and the
 * same API inside Vite's dev and preview servers.
 */
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance, type RouteShorthandOptions } from "fastify";
import type { IncomingMessage, ServerResponse } from "node:http";
import { LRUCache } from "lru-cache";
import { MEDIA_PREFIX } from "../content/mediaAddress.ts";
import { isCount, numberSetting } from "../content/settings.ts";
import { captchaVerifier } from "./captcha.ts";
import { loadFixtures, type Fixtures } from "./fixtures.ts";
import { bodyLimits } from "./http/bodyLimits.ts";
import { mountFetchHandler, type FetchHandler } from "./http/fetchHandler.ts";
import { defaultLeadsPath, duplicateWindowMs, openLeadStore, type DuplicateCheck } from "./leadStore.ts";
import { leadKindOf } from "./leads/intake.ts";
import { createContentService, type ContentService } from "./service.ts";
import type { SharedStore } from "./shared.ts";

const defaultLeadsPerMinute = 10;

/** LEADS_PER_MINUTE: the leads one client may send per minute (default 10). */
export const leadsPerMinuteFromEnv = (value: string | undefined) => numberSetting(value, defaultLeadsPerMinute, isCount);

/**
 * The store of the lead rate limit: one count per client for all lead calls, in Redis when
 * there is one (so every instance counts the same requests), else, and whenever Redis cannot
 * answer, in this process.
 */
function leadCountStore(shared: SharedStore | undefined) {
  const local = new LRUCache<string, { count: number }>({ max: 10_000, ttl: 60_000 });
  const incr = (key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) => {
    const counted = () => {
      const held = local.get(key);
      if (held) held.count += 1;
      else local.set(key, { count: 1 }, { ttl: timeWindow });
      return { current: held?.count ?? 1, ttl: local.getRemainingTTL(key) };
    };
    if (!shared) return callback(null, counted());
    shared.countInWindow(`leads:${key}`, timeWindow).then(
      ({ current, ttlMs }) => callback(null, { current, ttl: ttlMs }),
      () => callback(null, counted()),
    );
  };
  // One count for all lead calls: every route's store is this one.
  return class Store {
    incr = incr;
    child = () => new Store();
  };
}

/** Registers the lead rate limit; the lead routes ask for it with `leadLimit`. */
export async function leadRateLimit(app: FastifyInstance, env: NodeJS.ProcessEnv, shared: SharedStore | undefined): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    max: leadsPerMinuteFromEnv(env.LEADS_PER_MINUTE),
    timeWindow: 60_000,
    // The socket's address, never a header a client could set.
    keyGenerator: (request) => request.ip,
    store: leadCountStore(shared),
    errorResponseBuilder: (_request, context) => Object.assign(new Error("too many requests from this address; please try again in a moment"), { statusCode: context.statusCode }),
  });
}

const leadLimit: RouteShorthandOptions = { config: { rateLimit: {} } };

/**
 * The content API under /api/ (and, with `files`, /media/ for the fixture service's files): each
 * call with its body cap, the lead calls limited. Another service's files are not passed through
 * as they are: the site reaches them through /_media/, with its limits (docs/media.md).
 */
export function mountContentApi(app: FastifyInstance, handler: FetchHandler, { limitLeads = true, files = true } = {}): void {
  const routes = Object.entries(bodyLimits).map(([path, bodyLimit]) => ({ path, bodyLimit, ...(limitLeads && leadKindOf(path) ? { options: leadLimit } : {}) }));
  mountFetchHandler(app, { prefix: "/api/", handler, routes });
  if (files) mountFetchHandler(app, { prefix: "/media/", handler });
}

export type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * The fixture service inside Vite's dev and preview servers (connect middleware): /api/ and
 * /media/ through the same Fastify routes, and with `media` the site's /_media/ (the dev
 * server renders pages as the production server does, so they name their media there).
 */
export async function toMiddleware(service: ContentService, { media }: { media?: FetchHandler } = {}): Promise<Middleware> {
  const app = Fastify({ routerOptions: { caseSensitive: false } });
  mountContentApi(app, service, { limitLeads: false });
  if (media) mountFetchHandler(app, { prefix: `${MEDIA_PREFIX}/`, handler: media });
  await app.ready();
  return (req, res, next) => (/^\/(api|media)\//.test(req.url ?? "") || (media && req.url?.startsWith(`${MEDIA_PREFIX}/`)) ? app.routing(req, res) : next());
}

/** The leads' duplicate check in Redis: a submission seen by any instance within the window is answered with the lead stored then. */
function sharedDuplicates(shared: SharedStore): DuplicateCheck {
  return {
    async earlier(fingerprint) {
      const raw = await shared.get(`lead:${fingerprint}`);
      return raw === undefined ? undefined : (JSON.parse(raw) as Awaited<ReturnType<DuplicateCheck["earlier"]>>);
    },
    remember: (fingerprint, lead) => shared.set(`lead:${fingerprint}`, JSON.stringify(lead), duplicateWindowMs),
  };
}

/**
 * The service as configured by the environment: FIXTURES_DIR, LEADS_DB, RECAPTCHA_SECRET,
 * CONTENT_SERVICE_NOW; with a shared store, the leads' duplicate check is shared.
 */
export function serviceFromEnv(env: NodeJS.ProcessEnv = process.env, options: { watch?: boolean; shared?: SharedStore | undefined } = {}) {
  const dir = env.FIXTURES_DIR ?? "fixtures";
  let fixtures: Fixtures = loadFixtures(dir);
  const leads = openLeadStore(env.LEADS_DB ?? defaultLeadsPath, options.shared ? { duplicates: sharedDuplicates(options.shared) } : {});
  const fixedNow = env.CONTENT_SERVICE_NOW ? new Date(env.CONTENT_SERVICE_NOW) : null;
  const service = createContentService({
    // A dev server re-reads fixtures per request, so edits show on reload.
    fixtures: () => (options.watch ? (fixtures = loadFixtures(dir)) : fixtures),
    leads,
    captcha: captchaVerifier(env.RECAPTCHA_SECRET),
    now: () => fixedNow ?? new Date(),
  });
  return { service, leads };
}
