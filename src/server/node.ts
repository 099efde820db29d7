/** Mounts a Fetch-API handler on Node's http server (and on Vite's connect stack). */
import type { IncomingMessage, ServerResponse } from "node:http";
import { createContentService, type ContentService } from "./service.ts";
import { captchaVerifier } from "./captcha.ts";
import { loadFixtures, type Fixtures } from "./fixtures.ts";
import { bodyLimitFor, readBodyWithin, refuseBody } from "./http/bodyLimits.ts";
import { cacheControl } from "./http/cachePolicy.ts";
import { encodeForClient } from "./http/compression.ts";
import { createRateLimiter, leadsPerMinuteFromEnv } from "./http/rateLimit.ts";
import { defaultLeadsPath, openLeadStore } from "./leadStore.ts";

export type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export function toMiddleware(service: ContentService): Middleware {
  return (req, res, next) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://site.invalid");
      // Every path has a body cap (most have none), checked before a byte of the body is read.
      const limit = bodyLimitFor(url.pathname);
      const read = await readBodyWithin(req, limit);
      if (!read.ok) return refuseBody(res, read.status, limit);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
      }
      const method = req.method ?? "GET";
      const body = method === "GET" || method === "HEAD" ? undefined : read.body;
      const request = new Request(url, { method, headers, ...(body ? { body: new Uint8Array(body) } : {}) });
      const response = await service(request, { clientAddress: req.socket.remoteAddress });
      if (!response) {
        next();
        return;
      }
      if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", cacheControl.noStore);
      const encoded = await encodeForClient(new Uint8Array(await response.arrayBuffer()), response.headers.get("Content-Type"), req.headers["accept-encoding"]);
      res.statusCode = response.status;
      response.headers.forEach((value, name) => res.setHeader(name, value));
      for (const [name, value] of Object.entries(encoded.headers)) res.setHeader(name, value);
      res.end(encoded.body);
    })().catch((error: unknown) => {
      console.error("content service failed:", error);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  };
}

/**
 * The service as configured by the environment: FIXTURES_DIR, LEADS_DB, RECAPTCHA_SECRET,
 * CONTENT_SERVICE_NOW, LEADS_PER_MINUTE.
 */
export function serviceFromEnv(env: NodeJS.ProcessEnv = process.env, options: { watch?: boolean } = {}) {
  const dir = env.FIXTURES_DIR ?? "fixtures";
  let fixtures: Fixtures = loadFixtures(dir);
  const leads = openLeadStore(env.LEADS_DB ?? defaultLeadsPath);
  const fixedNow = env.CONTENT_SERVICE_NOW ? new Date(env.CONTENT_SERVICE_NOW) : null;
  const service = createContentService({
    // A dev server re-reads fixtures per request, so edits show on reload.
    fixtures: () => (options.watch ? (fixtures = loadFixtures(dir)) : fixtures),
    leads,
    captcha: captchaVerifier(env.RECAPTCHA_SECRET),
    now: () => fixedNow ?? new Date(),
    leadRateLimit: createRateLimiter({ limit: leadsPerMinuteFromEnv(env.LEADS_PER_MINUTE), windowMs: 60_000 }),
  });
  return { service, leads };
}
