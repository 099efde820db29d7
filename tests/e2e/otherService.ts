/**
 * Another content service on loopback for end-to-end tests: the fixture content (or canned
 * answers per call), every request recorded, and a switch to make it fail.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { captchaVerifier } from "../../src/shared/captcha.ts";
import { loadFixtures } from "../../fixture-service/fixtures.ts";
import { openLeadStore } from "../../fixture-service/leadStore.ts";
import { createContentService } from "../../fixture-service/service.ts";
import { e2eNow } from "./env.ts";

export interface Received {
  method: string;
  path: string;
  contentType: string | undefined;
  body: Buffer;
}

export type OtherService = Awaited<ReturnType<typeof otherService>>;

/** A canned answer per call path: a value, or a function of the request body (undefined: the fixture content answers). */
export type CannedAnswers = Record<string, unknown>;

export interface OtherServiceOptions {
  /** A fixed port (for a build that names the service's address); any free one by default. */
  port?: number;
  /** Answer cross-origin calls, as a service a single-page build calls from another origin must. */
  cors?: boolean;
  /** Changes each JSON answer of the fixture content before it is sent (call path, parsed answer). */
  alter?: (path: string, answer: unknown) => unknown;
}

export async function otherService(answers: CannedAnswers = {}, options: OtherServiceOptions = {}) {
  const fixtures = loadFixtures("fixtures");
  const service = createContentService({ fixtures: () => fixtures, leads: openLeadStore(":memory:"), captcha: captchaVerifier(undefined), now: () => new Date(e2eNow) });
  const received: Received[] = [];
  const state = { failing: false };
  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await read(req);
      received.push({ method: req.method ?? "", path: req.url ?? "", contentType: req.headers["content-type"], body });
      if (options.cors) {
        res.setHeader("Access-Control-Allow-Origin", "*");
        if (req.method === "OPTIONS") {
          res.writeHead(204, { "Access-Control-Allow-Methods": "GET, POST", "Access-Control-Allow-Headers": "Content-Type", "Access-Control-Max-Age": "600" }).end();
          return;
        }
      }
      if (state.failing) {
        res.writeHead(500).end();
        return;
      }
      const path = (req.url ?? "/").split("?")[0] ?? "/";
      const canned: unknown = Object.hasOwn(answers, path) ? answers[path] : undefined;
      const cannedAnswer: unknown = typeof canned === "function" ? (canned as (body: string) => unknown)(body.toString()) : canned;
      if (cannedAnswer !== undefined) {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(JSON.stringify(cannedAnswer));
        return;
      }
      const headers = new Headers();
      if (req.headers["content-type"]) headers.set("content-type", req.headers["content-type"]);
      const answer = await service(new Request(`http://other.test${req.url ?? "/"}`, { method: req.method ?? "GET", headers, ...(body.length ? { body: new Uint8Array(body) } : {}) }));
      if (!answer) {
        res.writeHead(404).end();
        return;
      }
      const type = answer.headers.get("content-type") ?? "application/octet-stream";
      res.writeHead(answer.status, { "Content-Type": type });
      if (options.alter && type.includes("json")) res.end(JSON.stringify(options.alter(path, await answer.json())));
      else res.end(Buffer.from(await answer.arrayBuffer()));
    })();
  });
  // It shares its event loop with whatever calls it (an export renders pages on it for seconds at a time): a connection idle
  // past Node's 5 s default would be closed just as the caller reuses it (ECONNRESET), a race no real deployment has.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, received, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

