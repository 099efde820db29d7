/**
 * The fixture content service as the environment configures it (FIXTURES_DIR, LEADS_DB, PREVIEW_SECRET,
 * RECAPTCHA_SECRET, CONTENT_SERVICE_NOW). The site reaches it only as a content service: a Fetch
 * handler handed to the site server in process by the start command (src/server/standalone.ts,
 * tools/dev.ts), or over HTTP. It imports nothing of the site server: the shapes it hands over
 * are its own, and the start command's types check that they fit.
 */
import { captchaVerifier } from "../src/shared/captcha.ts";
import { previewSecrets } from "../src/shared/previewToken.ts";
import { defaultLeadsPath } from "../src/shared/storedLeads.ts";
import { loadFixtures, type Fixtures } from "./fixtures.ts";
import { duplicateWindowMs, openLeadStore, type DuplicateCheck } from "./leadStore.ts";
import { createContentService, type ContentService } from "./service.ts";

/** What the leads' duplicate check needs of a store every instance shares (the site server's Redis, when it has one). */
export interface SharedKeys {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
}

/** The service as a program in another's process takes it: its Fetch handler, and how to close it (its SQLite). */
export interface InProcessService {
  handler: ContentService;
  close(): void;
}

/** The leads' duplicate check in Redis: a submission seen by any instance within the window is answered with the lead stored then. */
function sharedDuplicates(shared: SharedKeys): DuplicateCheck {
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
export function serviceFromEnv(env: NodeJS.ProcessEnv = process.env, options: { watch?: boolean; shared?: SharedKeys | undefined; overlay?: string | undefined } = {}) {
  const dir = env.FIXTURES_DIR ?? "fixtures";
  const load = () => loadFixtures(dir, options.overlay);
  let fixtures: Fixtures = load();
  const leads = openLeadStore(env.LEADS_DB ?? defaultLeadsPath, options.shared ? { duplicates: sharedDuplicates(options.shared) } : {});
  const fixedNow = env.CONTENT_SERVICE_NOW ? new Date(env.CONTENT_SERVICE_NOW) : null;
  const service = createContentService({
    // A dev server re-reads fixtures per request, so edits show on reload.
    fixtures: () => (options.watch ? (fixtures = load()) : fixtures),
    leads,
    captcha: captchaVerifier(env.RECAPTCHA_SECRET),
    now: () => fixedNow ?? new Date(),
    // The same secret as the site's (CONTENT-API 9): the service checks preview tokens itself.
    previewSecrets: previewSecrets(env.PREVIEW_SECRET),
  });
  return { service, leads };
}

/**
 * The fixture service as the site server takes one in process (its `contentService` option), configured by
 * `env`; `watch`: fixtures re-read per request (npm run dev); `overlay`: a folder whose pages are
 * answered over the fixtures' (npm run dev -- --counterexamples).
 */
export function fixtureContentService(env: NodeJS.ProcessEnv = process.env, { watch = false, overlay }: { watch?: boolean; overlay?: string | undefined } = {}): (shared: SharedKeys | undefined) => InProcessService {
  return (shared) => {
    const { service, leads } = serviceFromEnv(env, { shared, watch, overlay });
    return { handler: service, close: () => leads.close() };
  };
}
