/**
 * The fixture content service as the environment configures it (FIXTURES_DIR, LEADS_DB,
 * RECAPTCHA_SECRET, CONTENT_SERVICE_NOW), and inside Vite's dev and preview servers. The site
 * reaches it only as a content service: a Fetch handler handed to it in process, or over HTTP.
 */
import Fastify from "fastify";
import type { IncomingMessage, ServerResponse } from "node:http";
import { MEDIA_PREFIX } from "../src/content/mediaAddress.ts";
import { captchaVerifier } from "../src/server/captcha.ts";
import { mountFetchHandler, type FetchHandler } from "../src/server/http/fetchHandler.ts";
import { mountContentApi } from "../src/server/node.ts";
import type { InProcessContentService } from "../src/server/siteServer.ts";
import type { SharedStore } from "../src/server/shared.ts";
import { loadFixtures, type Fixtures } from "./fixtures.ts";
import { defaultLeadsPath, duplicateWindowMs, openLeadStore, type DuplicateCheck } from "./leadStore.ts";
import { createContentService, type ContentService } from "./service.ts";

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

/** The fixture service as the site server takes one in process (`contentService`), configured by `env`. */
export function fixtureContentService(env: NodeJS.ProcessEnv = process.env): (shared: SharedStore | undefined) => InProcessContentService {
  return (shared) => {
    const { service, leads } = serviceFromEnv(env, { shared });
    return { handler: service, close: () => leads.close() };
  };
}
