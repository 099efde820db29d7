/** Helpers of the server fault suite: a throw-away build, raw HTTP and lead bodies. */
import { Writable } from "node:stream";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync } from "node:zlib";

/**
 * The render bundle's one entry, `openSite(files)` (src/server/renderModule.ts `RenderBundle`), over a
 * fake bundle's module-level functions: each is called with the build's files spread into its options
 * (so a renderer can answer `options.template`), `renderServedPage` defaults to `renderDocument`, a
 * bundle without `answerFormPost` takes no posts. Appended to the fake bundle's source.
 */
export const openSiteOverExports = `export function openSite(files) {
  const opened = (render) => (request, options) => render(request, { ...files, ...options });
  return {
    renderDocument: opened(renderDocument),
    renderServedPage: opened(typeof renderServedPage === "function" ? renderServedPage : renderDocument),
    answerFormPost: typeof answerFormPost === "function" ? opened(answerFormPost) : async () => ({ kind: "not-allowed" }),
    listAddresses,
    sitemapFiles,
    robotsTxt,
    routeTableAddresses: () => [],
  };
}`;

/**
 * A dist/ with a page, one hashed asset (and its brotli copy, as the build writes it), and a
 * server renderer that answers every address with that page: these tests are about the
 * server's limits, not about what it renders (tests/server-render.test.tsx and the e2e suite are).
 * `renderDocument` replaces that renderer (its source, a function declaration).
 */
export function tinyBuild(renderDocument = "async function renderDocument(request, options) { return { kind: 'page', status: 200, html: options.template }; }"): string {
  const dir = mkdtempSync(join(tmpdir(), "corvane-dist-"));
  mkdirSync(join(dir, "assets"));
  mkdirSync(join(dir, "server"));
  mkdirSync(join(dir, ".vite"));
  writeFileSync(join(dir, ".vite", "manifest.json"), "{}");
  writeFileSync(
    join(dir, "server", "entry-server.js"),
    [
      `export ${renderDocument}`,
      // The given source may bring its own.
      ...(renderDocument.includes("function listAddresses") ? [] : ["export async function listAddresses() { return ['/Home']; }"]),
      ...(renderDocument.includes("function sitemapFiles") ? [] : ["export function sitemapFiles() { return new Map([['sitemap.xml', '<urlset/>']]); }"]),
      "export function robotsTxt() { return 'User-agent: *'; }",
      openSiteOverExports,
    ].join("\n"),
  );
  writeFileSync(join(dir, "index.html"), '<!doctype html><html lang="en"><head><title>Corvane</title><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>');
  const script = `console.log(${JSON.stringify("x".repeat(4096))});`;
  writeFileSync(join(dir, "assets", "index-abc123.js"), script);
  writeFileSync(join(dir, "assets", "index-abc123.js.br"), brotliCompressSync(script));
  return dir;
}

export const tempLeadsDb = () => join(mkdtempSync(join(tmpdir(), "corvane-leads-")), "leads.sqlite");

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request over node:http, from `localAddress` when given (127.0.0.x are all loopback on Linux). */
export function send(
  url: string,
  options: { method?: string; path: string; headers?: Record<string, string | number>; body?: Buffer | string; localAddress?: string; headersOnly?: boolean },
): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, method: options.method ?? "GET", path: options.path, headers: options.headers, ...(options.localAddress ? { localAddress: options.localAddress } : {}), agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    if (options.headersOnly) req.flushHeaders();
    else req.end(options.body);
  });
}

/** A request written byte for byte, for headers node:http would refuse to send. */
export function sendRaw(url: string, text: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname === "localhost" ? "127.0.0.1" : hostname, () => socket.end(text));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

export const paperName = "The State of Intelligent Automation 2026";

export function paperLead(email: string) {
  return JSON.stringify({ name: "Ada Lovelace", Organisation: "Analytical Engines", email, contactNumber: "4045550142", token: "local-test-token", thoughtPaperName: paperName });
}

export const jsonHeaders = { "Content-Type": "application/json" };

/** A server's log as it is written (the site server's `logDestination`): each line parsed, and as written. */
export function logCapture() {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) {
        raw.push(line);
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { stream, lines, raw };
}
