/**
 * The fixture content (drafts and redirects included, CONTENT-API 9) served over HTTP on
 * loopback for the server tests of previews and redirects: every call recorded with whether it
 * carried a preview token, its redirect list set by the test, and page calls that can be held
 * until several are in flight at once.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { captchaVerifier } from "../src/shared/captcha.ts";
import { loadFixtures } from "../fixture-service/fixtures.ts";
import { openLeadStore } from "../fixture-service/leadStore.ts";
import { createContentService } from "../fixture-service/service.ts";

export interface ContentServiceState {
  /** Every call: its path, its body, and the preview token it carried. */
  calls: { path: string; body: string; preview: string | null }[];
  /** The redirect list answer: a value (sent as JSON), or a status to answer instead. */
  redirects: unknown;
  redirectsStatus: number;
  /** While above 0, page calls wait until this many are in flight, then all are answered. */
  holdPages: number;
}

export async function fixtureContentOverHttp(previewSecret: string) {
  const fixtures = loadFixtures("fixtures");
  const service = createContentService({ fixtures: () => fixtures, leads: openLeadStore(":memory:"), captcha: captchaVerifier(undefined), previewSecrets: [previewSecret] });
  const state: ContentServiceState = { calls: [], redirects: fixtures.redirects, redirectsStatus: 200, holdPages: 0 };
  let held: (() => void)[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        const path = (req.url ?? "/").split("?")[0] ?? "/";
        const preview = req.headers["x-content-preview"];
        state.calls.push({ path, body: body.toString(), preview: typeof preview === "string" ? preview : null });
        if (path.toLowerCase() === "/api/redirect/getredirectlist") {
          res.writeHead(state.redirectsStatus, { "Content-Type": "application/json" }).end(JSON.stringify(state.redirects));
          return;
        }
        if (path === "/api/page/get" && state.holdPages > 0) {
          await new Promise<void>((release) => {
            held.push(release);
            if (held.length >= state.holdPages) {
              state.holdPages = 0;
              for (const go of held) go();
              held = [];
            }
          });
        }
        const headers = new Headers();
        for (const name of ["content-type", "x-content-preview"]) {
          const value = req.headers[name];
          if (typeof value === "string") headers.set(name, value);
        }
        const answer = await service(new Request(`http://content.test${req.url ?? "/"}`, { method: req.method ?? "GET", headers, ...(body.length > 0 ? { body: new Uint8Array(body) } : {}) }));
        if (!answer) return void res.writeHead(404).end();
        const answerHeaders: Record<string, string> = {};
        for (const name of ["content-type", "x-content-preview", "cache-control"]) {
          const value = answer.headers.get(name);
          if (value !== null) answerHeaders[name] = value;
        }
        res.writeHead(answer.status, answerHeaders).end(Buffer.from(await answer.arrayBuffer()));
      })();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
