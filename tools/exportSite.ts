/**
 * `npm run export` (after `npm run build`): every address of the site as a server-rendered
 * dist/<path>/index.html, plus dist/sitemap.xml and dist/robots.txt, read from the content
 * service at CONTENT_API_BASE (empty: the embedded fixture service). Atomic: pages are written
 * into a copy of dist/ that replaces it only when every address rendered; a failed export
 * leaves dist/ as it was and says which addresses failed and why. The content media the pages
 * use are copied in under dist/_media/ (docs/media.md).
 *
 * Every internal link of the written pages is then checked (./linkCheck.ts): a link to an
 * address with no page is reported, a warning by default, a failure with `strict`.
 */
import { escapeUTF8 } from "entities";
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, posix, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { createContentCache } from "../src/server/contentCache.ts";
import { serviceFromEnv } from "../fixture-service/fromEnv.ts";
import { loadSiteBuild, type SiteBuild } from "../src/server/renderModule.ts";
import { mediaFailureSkipped, mediaInContent, mediaInPage, writeMedia } from "../src/server/media/exportMedia.ts";
import { mediaHandlerFromEnv } from "../src/server/media/mediaFromEnv.ts";
import type { MediaHandler } from "../src/server/media/mediaHandler.ts";
import { checkLinks, type BrokenLink, type SiteReader } from "./linkCheck.ts";
import { isSitePath } from "../src/content/canonicalAddress.ts";
import { loadRedirectList, readRedirects, redirectKey, type Redirect } from "../src/server/redirects.ts";

export interface ExportOptions {
  distDir: string;
  env: NodeJS.ProcessEnv;
  /** Renders at once (bounded, so a content service is never flooded). */
  concurrency?: number;
  log?: (line: string) => void;
  /** A broken internal link fails the export (dist/ unchanged) instead of being reported. */
  strict?: boolean;
}

export interface ExportReport {
  written: string[];
  /** Addresses that answered no page (404) or a redirect: not written, not in the sitemap. */
  skipped: { address: string; why: string }[];
  failed: { address: string; why: string }[];
  /** Internal links of the written pages that lead to no page. */
  brokenLinks: BrokenLink[];
  /** The editors' redirects (CONTENT-API 9) written to `_redirects`, each with a small page at its `from`; refused ones are in `skipped`. */
  redirects: Redirect[];
}

/** The file an address is written to, or null when the address could leave the folder. */
export function fileFor(root: string, address: string): string | null {
  const path = posix.normalize(`/${address}`);
  if (path.split("/").some((segment) => segment === "..") || /[\0\\]/.test(path)) return null;
  return join(root, ...path.split("/").filter(Boolean), "index.html");
}

/** The content service of CONTENT_API_BASE (empty: the embedded fixture service), one call per answer for a whole run, and its media. */
export function exportContent(env: NodeJS.ProcessEnv): { fetch: typeof fetch; redirectList: () => Promise<unknown[]>; media: () => MediaHandler; close: () => void } {
  const base = (env.CONTENT_API_BASE ?? "").replace(/\/+$/, "");
  const embedded = base === "" ? serviceFromEnv({ ...env, LEADS_DB: ":memory:" }) : null;
  // Menus and resources are read once, not per page.
  const cache = createContentCache({ base, inProcess: embedded?.service, timeoutMs: 20_000, freshMs: Number.POSITIVE_INFINITY, staleMs: 0 });
  // Made when asked for: its disk cache is a directory of its own, removed on close.
  let media: ReturnType<typeof mediaHandlerFromEnv> | undefined;
  return {
    fetch: cache.fetch,
    redirectList: () => loadRedirectList((path, body) => cache.uncached({})(path, { method: "POST", body })),
    media: () => (media ??= mediaHandlerFromEnv(env, { base, embedded: embedded?.service ?? null })).handler,
    close: () => {
      embedded?.leads.close();
      media?.close();
    },
  };
}

/** The site as an export holds it: a written page is read from its file, a built file is there; any other address is rendered, as the server would answer it. */
export function exportReader(root: string, build: SiteBuild, options: { fetch: typeof fetch; siteUrl: string }): SiteReader {
  return async (path) => {
    const file = fileFor(root, path);
    if (file && existsSync(file)) return { status: 200, html: readFileSync(file, "utf8") };
    const asset = resolve(root, `.${posix.normalize(`/${path}`)}`);
    if (/\.[a-z0-9]{1,8}$/i.test(path)) {
      return asset.startsWith(`${resolve(root)}/`) && existsSync(asset) ? { status: 200 } : { status: 0, unknown: "a file the export does not hold (media files are the content service's)" };
    }
    const result = await build.site.renderDocument(new Request(new URL(path, options.siteUrl)), options);
    return result.kind === "redirect" ? { status: result.status, location: result.location } : { status: result.status, html: result.html };
  };
}

export async function exportSite({ distDir, env, concurrency = 4, log = (line) => console.log(line), strict = false }: ExportOptions): Promise<ExportReport> {
  const build = await loadSiteBuild(distDir);
  const siteUrl = (env.SITE_URL ?? "http://localhost:4173").replace(/\/+$/, "");
  const content = exportContent(env);
  const report: ExportReport = { written: [], skipped: [], failed: [], brokenLinks: [], redirects: [] };
  // Every content answer and page names the media it uses; the lists are read whole, so a list page the browser pages through finds its pictures too.
  const mediaAddresses = new Set<string>();
  const noteMedia = (found: Set<string>) => {
    for (const address of found) mediaAddresses.add(address);
  };
  const noting: typeof fetch = async (input, init) => {
    const response = await content.fetch(input, init);
    if (response.ok) noteMedia(mediaInContent(await response.clone().text()));
    return response;
  };
  const staging = resolve(`${distDir}.export-${process.pid}`);
  try {
    let addresses: string[];
    /** The content's date of each address that has one: the sitemap's lastmod. */
    const lastmods = new Map<string, string>();
    try {
      // The editors' redirects: the route table's fixed addresses cannot be redirected; an address redirected is no page of its own (nor in the sitemap).
      const redirects = readRedirects(await content.redirectList(), { isSitePath, fixed: new Set((build.site.routeTableAddresses()).map(redirectKey)) });
      for (const { entry, why } of redirects.refused) report.skipped.push({ address: `(redirect ${JSON.stringify(entry)})`, why });
      report.redirects = [...redirects.table.values()];
      const listed = (await build.site.listAddresses({ fetch: noting, siteUrl })).map((entry) => (typeof entry === "string" ? { path: entry } : entry));
      for (const { path, lastmod } of listed) if (lastmod) lastmods.set(path, lastmod);
      addresses = listed.map(({ path }) => path).filter((path) => !redirects.table.has(redirectKey(path)));
    } catch (error) {
      report.failed.push({ address: "(the list of addresses)", why: error instanceof Error ? error.message : String(error) });
      return report;
    }
    rmSync(staging, { recursive: true, force: true });
    cpSync(distDir, staging, { recursive: true });

    let next = 0;
    let done = 0;
    const renderOne = async (address: string) => {
      const file = fileFor(staging, address);
      if (!file) {
        report.skipped.push({ address, why: "not a plain site path" });
        return;
      }
      try {
        const result = await build.site.renderDocument(new Request(new URL(address, siteUrl)), { fetch: noting, siteUrl });
        if (result.kind === "redirect") report.skipped.push({ address, why: `redirects to ${result.location}` });
        else if (result.status === 404) report.skipped.push({ address, why: "the content service has no such page" });
        else if (result.status !== 200) report.failed.push({ address, why: `the content service failed (${result.status})` });
        else {
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, result.html);
          noteMedia(mediaInPage(result.html));
          // Compressed copies beside it, as the build writes for its assets: hosts that serve them need not compress.
          writeFileSync(`${file}.br`, brotliCompressSync(result.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
          writeFileSync(`${file}.gz`, gzipSync(result.html, { level: 9 }));
          report.written.push(address);
        }
      } catch (error) {
        report.failed.push({ address, why: error instanceof Error ? error.message : String(error) });
      }
    };
    const worker = async () => {
      while (next < addresses.length) {
        const address = addresses[next];
        next += 1;
        if (address === undefined) continue;
        await renderOne(address);
        done += 1;
        log(`export: ${done}/${addresses.length} ${address}`);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
    if (report.failed.length > 0) return report;

    // Before the link check, which finds a linked document among the export's files.
    const media = await writeMedia(staging, mediaAddresses, content.media(), concurrency);
    for (const { address, why } of media.failed) (mediaFailureSkipped(address, why) ? report.skipped : report.failed).push({ address, why });
    if (report.failed.length > 0) return report;
    log(`export: ${String(media.written)} media files`);

    const links = await checkLinks({ seeds: report.written, read: exportReader(staging, build, { fetch: content.fetch, siteUrl }), siteUrl, concurrency });
    report.brokenLinks = links.broken;
    if (strict && links.broken.length > 0) {
      report.failed.push({ address: "(internal links)", why: `${links.broken.length} address(es) linked from the site have no page` });
      return report;
    }

    const written = [...report.written].sort().map((path) => {
      const lastmod = lastmods.get(path);
      return lastmod ? { path, lastmod } : { path };
    });
    for (const [name, content] of build.site.sitemapFiles(written, siteUrl)) writeFileSync(join(staging, name), content);
    writeRedirects(staging, report.redirects, siteUrl);
    writeFileSync(join(staging, "robots.txt"), build.site.robotsTxt(siteUrl));

    const previous = `${distDir}.previous-${process.pid}`;
    renameSync(distDir, previous);
    renameSync(staging, distDir);
    rmSync(previous, { recursive: true, force: true });
    return report;
  } finally {
    content.close();
    if (existsSync(staging)) rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * The editors' redirects where static hosts read them: `_redirects` (Netlify, Cloudflare Pages:
 * `from to status`, the query passed on), and at each `from` a small page for hosts that read no
 * such file: its canonical link names the target (search engines move the address), a
 * `refresh` takes the browser there, and a link does without either.
 */
export function writeRedirects(root: string, redirects: readonly Redirect[], siteUrl: string): void {
  writeFileSync(join(root, "_redirects"), redirects.map(({ from, to, status }) => `${from} ${to} ${String(status)}\n`).join(""));
  for (const { from, to } of redirects) {
    const file = fileFor(root, from);
    if (!file) continue;
    const target = escapeUTF8(new URL(to, `${siteUrl}/`).href);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(
      file,
      `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>This page has moved</title>\n<link rel="canonical" href="${target}">\n<meta name="robots" content="noindex">\n<meta http-equiv="refresh" content="0; url=${target}">\n</head>\n<body>\n<p>This page has moved to <a href="${target}">${target}</a>.</p>\n</body>\n</html>\n`,
    );
  }
}
