/**
 * The content API as the site server mounts it: a content service in this process (or the
 * forwarder) as a Fetch handler under /api/ (and /media/), each call with its body cap, the lead
 * calls with their per-client rate limit (@fastify/rate-limit, counted in Redis when there is one).
 */
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, RouteShorthandOptions } from "fastify";
import { LRUCache } from "lru-cache";
import { isCount, numberSetting } from "../content/settings.ts";
import { contentApiPrefix, contentCallMethod, forwardedCalls } from "../content/calls.ts";
import { cacheControl } from "./http/cachePolicy.ts";
import { mountFetchHandler, type FetchHandler } from "./http/fetchHandler.ts";
import { sameSitePost } from "./http/formPosts.ts";
import { leadKindOf } from "../shared/leadIntake.ts";
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

/**
 * The content API under /api/ (and, with `files`, /media/ for the fixture service's files): the
 * contract's calls a browser may send (`forwardedCalls`, src/content/calls.ts), each a POST with its body cap, the lead calls
 * limited per client and taken from the site's own pages only (as a page's form post: a
 * browser's call from another site is refused with 403 before its body is read). Another
 * method on a call is 405, any other path under /api/ 404, neither reaching `handler`.
 * (`siteOrigin` is SITE_URL's origin; without it, the origin the browser reached, its Host.)
 * Another service's files are not passed through as they are: the site reaches them through
 * /_media/, with its limits (docs/media.md).
 */
export function mountContentApi(app: FastifyInstance, handler: FetchHandler, { limitLeads = true, files = true, siteOrigin = "" }: { limitLeads?: boolean; files?: boolean; siteOrigin?: string } = {}): void {
  const sameSiteLeads: RouteShorthandOptions = {
    ...(limitLeads ? { config: { rateLimit: {} } } : {}),
    onRequest: (request, reply, done) => {
      if (sameSitePost(request, siteOrigin)) return done();
      void reply.code(403).header("Cache-Control", cacheControl.noStore).send({ error: "leads are sent from the site's own pages" });
    },
  };
  const routes = forwardedCalls().map((call) => ({ path: call.path.toLowerCase(), bodyLimit: call.maxBodyBytes, method: contentCallMethod, ...(leadKindOf(call.path) ? { options: sameSiteLeads } : {}) }));
  mountFetchHandler(app, { prefix: contentApiPrefix, handler, routes, otherPaths: "not-found" });
  if (files) mountFetchHandler(app, { prefix: "/media/", handler });
}
