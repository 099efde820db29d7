/**
 * The two sites the browser benchmarks measure (`npm run bench:lighthouse`, `npm run trace:long-tasks`),
 * after `npm run build`: the production server on the fixture content service in this process, and
 * `npm run export`'s files behind a static host (sirv, with the compressed copies the build wrote).
 * Each is measured twice, through `withControl`: the page as built, and the same page with its module
 * script removed (the control: HTML, styles, pictures and page data, no code), so what the script costs
 * is a difference within one run, whatever the browser's version or the machine's load.
 * DIST_DIR (default dist) measures another build, such as an earlier one kept beside it (dist.before/).
 */
// First: React's production build, chosen before any import loads React.
import "../src/server/productionEnv.ts";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { Agent, createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import sirv from "sirv";
import { startSiteOnFixtures } from "../tests/siteOnFixtures.ts";
import { exportSite } from "./exportSite.ts";

/** The build measured; beside dist/, so the server build finds its packages (node_modules) as it does there. */
export const distDir = process.env.DIST_DIR ?? "dist";

export interface BenchSite {
  label: string;
  url: string;
  close: () => Promise<void>;
}

/**
 * Each page and every file it names, asked for a few times before the runs. The server runs on the
 * two cores the measuring Chromium runs on, so work a deployed server does on its own machine would
 * lengthen the phone's tasks that Lighthouse multiplies by 4: rendering a page (and rendering it again
 * once stale: about 250 ms of CPU for /Home), and a cold process's first answers (a page load's 22
 * requests cost the fresh server 780 ms of CPU, then 260, 100 and 60 ms on the next loads).
 */
export async function warm(base: string, pages: readonly string[]): Promise<void> {
  for (const path of pages) {
    // Each encoding a browser takes: the control's proxy makes its copy of a page once per encoding.
    for (const encoding of ["br", "gzip"]) await (await fetch(`${base}${path}`, { headers: { "Accept-Encoding": encoding } })).arrayBuffer();
    const html = await (await fetch(`${base}${path}`)).text();
    // In attributes, boot.ts's lists of chunks and inline styles' url(): up to a quote, comma, space, bracket or entity.
    const files = new Set([...html.matchAll(/\/(?:assets|images|_media)\/[^"'?#,\s)&]+/g)].map((match) => match[0]));
    for (let round = 0; round < 3; round++) for (const file of files) await (await fetch(`${base}${file}`, { headers: { "Accept-Encoding": "br, gzip" } })).arrayBuffer();
  }
}

const listen = async (server: Server): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://localhost:${String((server.address() as AddressInfo).port)}`;
};
const closeServer = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** `npm run serve` on the fixture content, its pages kept fresh through the runs (CONTENT_CACHE_SECONDS), as a busy site's are. */
export async function servedSite(dir = distDir): Promise<BenchSite> {
  const served = await startSiteOnFixtures({ distDir: dir, env: { LOG_LEVEL: "warn", ...process.env, LEADS_DB: ":memory:", CONTENT_CACHE_SECONDS: "3600" } });
  return { label: "served", url: served.url.replace(/\/$/, ""), close: () => served.close() };
}

/** `npm run export` of dist/ into a copy beside it (so the server build finds its packages), behind sirv as a static host runs it. */
export async function exportedSite(dir = distDir): Promise<BenchSite> {
  const exported = join(mkdtempSync("dist.bench-"), "dist");
  cpSync(dir, exported, { recursive: true });
  const report = await exportSite({ distDir: exported, env: { ...process.env, LEADS_DB: ":memory:" }, log: () => undefined });
  if (report.failed.length > 0) throw new Error(`export failed: ${report.failed.map((f) => `${f.address}: ${f.why}`).join("; ")}`);
  const files = sirv(exported, {
    single: true,
    brotli: true,
    gzip: true,
    setHeaders: (res, pathname) => res.setHeader("Cache-Control", pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate"),
  });
  const host = createServer((req, res) => files(req, res));
  const url = await listen(host);
  return {
    label: "exported",
    url,
    close: async () => {
      await closeServer(host);
      rmSync(join(exported, ".."), { recursive: true, force: true });
    },
  };
}

/** A server-rendered page's own script: src/boot.ts written in by src/ssr/document.ts, the only `type="module"` script. */
const moduleScript = /<script type="module"[^>]*>[\s\S]*?<\/script>/g;

/** The page as its HTML alone makes it: without its module script, nothing of the app's code is asked for or run. */
export function withoutModuleScript(html: string): string {
  return html.replace(moduleScript, "");
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (!encoding || encoding === "identity") return body;
  if (encoding === "br") return brotliDecompressSync(body);
  if (encoding === "gzip") return gunzipSync(body);
  throw new Error(`the control cannot read a page sent as ${encoding}`);
}

function encode(body: Buffer, encoding: string | undefined): Buffer {
  if (!encoding || encoding === "identity") return body;
  // The levels the site's servers send a page at once it is cached (src/server/pageCache.ts) and the export's copies.
  if (encoding === "br") return brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  return gzipSync(body, { level: 9 });
}

export interface Controlled {
  /** The site as built, through the same proxy as the control (so both have the same hop). */
  asBuilt: string;
  /** The same site, each HTML page without its module script. */
  control: string;
  close: () => Promise<void>;
}

/**
 * Two proxies in front of `upstream`: one passes everything through; the other also passes
 * everything through but HTML, which it sends without its module script, compressed as the
 * upstream sent it (computed once per address and encoding, before the runs, by `warm`).
 */
export async function withControl(upstream: string): Promise<Controlled> {
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  const target = new URL(upstream);
  const rewritten = new Map<string, { headers: IncomingHttpHeaders; body: Buffer; status: number }>();
  const proxy = (control: boolean) =>
    createServer((req, res) => {
      const forward = request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host }, agent }, (answer) => {
        const html = control && (answer.headers["content-type"] ?? "").startsWith("text/html");
        if (!html) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const key = `${req.url ?? ""} ${answer.headers["content-encoding"] ?? ""} ${answer.headers.etag ?? ""}`;
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          let page = rewritten.get(key);
          if (!page) {
            const encoding = answer.headers["content-encoding"];
            const text = decode(Buffer.concat(chunks), encoding).toString("utf8");
            const body = answer.statusCode === 304 ? Buffer.alloc(0) : encode(Buffer.from(withoutModuleScript(text)), encoding);
            const headers = { ...answer.headers };
            delete headers["transfer-encoding"];
            if (answer.statusCode !== 304) headers["content-length"] = String(body.length);
            page = { headers, body, status: answer.statusCode ?? 200 };
            rewritten.set(key, page);
          }
          res.writeHead(page.status, page.headers);
          res.end(page.body);
        });
      });
      forward.on("error", (error) => {
        res.writeHead(502);
        res.end(String(error));
      });
      req.pipe(forward);
    });
  const asBuiltServer = proxy(false);
  const controlServer = proxy(true);
  const [asBuilt, control] = await Promise.all([listen(asBuiltServer), listen(controlServer)]);
  return {
    asBuilt,
    control,
    close: async () => {
      await Promise.all([closeServer(asBuiltServer), closeServer(controlServer)]);
      agent.destroy();
    },
  };
}
