/** Mounts a Fetch-API handler on Node's http server (and on Vite's connect stack). */
import type { IncomingMessage, ServerResponse } from "node:http";
import { createContentService, type ContentService } from "./service.ts";
import { captchaVerifier } from "./captcha.ts";
import { loadFixtures, type Fixtures } from "./fixtures.ts";
import { defaultLeadsPath, openLeadStore } from "./leadStore.ts";

export type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}

export function toMiddleware(service: ContentService): Middleware {
  return (req, res, next) => {
    void (async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
      }
      const method = req.method ?? "GET";
      const body = method === "GET" || method === "HEAD" ? undefined : await readBody(req);
      const request = new Request(new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`), {
        method,
        headers,
        ...(body ? { body: new Uint8Array(body) } : {}),
      });
      const response = await service(request);
      if (!response) {
        next();
        return;
      }
      res.statusCode = response.status;
      response.headers.forEach((value, name) => res.setHeader(name, value));
      res.end(Buffer.from(await response.arrayBuffer()));
    })().catch((error: unknown) => {
      console.error("content service failed:", error);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  };
}

/** The service as configured by the environment: FIXTURES_DIR, LEADS_DB, RECAPTCHA_SECRET, CONTENT_SERVICE_NOW. */
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
  });
  return { service, leads };
}
