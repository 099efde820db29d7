/**
 * `npm run export` (after `npm run build`): every address of the site as a server-rendered
 * dist/<path>/index.html, plus dist/sitemap.xml and dist/robots.txt, read from the content
 * service at CONTENT_API_BASE (empty: the embedded fixture service). Atomic: pages are written
 * into a copy of dist/ that replaces it only when every address rendered; a failed export
 * leaves dist/ as it was and says which addresses failed and why.
 */
import { cpSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, posix, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { createContentCache } from "../server/contentCache.ts";
import { serviceFromEnv } from "../server/node.ts";
import { loadSiteBuild } from "../server/renderModule.ts";
import { contentUpstream } from "../server/upstream.ts";

export interface ExportOptions {
  distDir: string;
  env: NodeJS.ProcessEnv;
  /** Renders at once (bounded, so a content service is never flooded). */
  concurrency?: number;
  log?: (line: string) => void;
}

export interface ExportReport {
  written: string[];
  /** Addresses that answered no page (404) or a redirect: not written, not in the sitemap. */
  skipped: { address: string; why: string }[];
  failed: { address: string; why: string }[];
}

/** The file an address is written to, or null when the address could leave the folder. */
export function fileFor(root: string, address: string): string | null {
  const path = posix.normalize(`/${address}`);
  if (path.split("/").some((segment) => segment === "..") || /[\0\\]/.test(path)) return null;
  return join(root, ...path.split("/").filter(Boolean), "index.html");
}

export async function exportSite({ distDir, env, concurrency = 4, log = (line) => console.log(line) }: ExportOptions): Promise<ExportReport> {
  const build = await loadSiteBuild(distDir);
  const siteUrl = (env.SITE_URL ?? "http://localhost:4173").replace(/\/+$/, "");
  const base = (env.CONTENT_API_BASE ?? "").replace(/\/+$/, "");
  const embedded = base === "" ? serviceFromEnv({ ...env, LEADS_DB: ":memory:" }) : null;
  // One call per answer for the whole export: menus and resources are read once, not per page.
  const cache = createContentCache({ upstream: contentUpstream(base, embedded?.service ?? null, 20_000), freshMs: Number.POSITIVE_INFINITY, staleMs: 0 });
  const report: ExportReport = { written: [], skipped: [], failed: [] };
  const staging = resolve(`${distDir}.export-${process.pid}`);
  try {
    let addresses: string[];
    /** The content's date of each address that has one: the sitemap's lastmod. */
    const lastmods = new Map<string, string>();
    try {
      const listed = (await build.module.listAddresses({ fetch: cache.fetch, siteUrl })).map((entry) => (typeof entry === "string" ? { path: entry } : entry));
      for (const { path, lastmod } of listed) if (lastmod) lastmods.set(path, lastmod);
      addresses = listed.map(({ path }) => path);
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
        const result = await build.render(address, { fetch: cache.fetch, siteUrl, template: build.template, manifest: build.manifest, readStyle: build.readStyle });
        if (result.kind === "redirect") report.skipped.push({ address, why: `redirects to ${result.location}` });
        else if (result.status === 404) report.skipped.push({ address, why: "the content service has no such page" });
        else if (result.status !== 200) report.failed.push({ address, why: `the content service failed (${result.status})` });
        else {
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, result.html);
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

    const written = [...report.written].sort().map((path) => {
      const lastmod = lastmods.get(path);
      return lastmod ? { path, lastmod } : { path };
    });
    for (const [name, content] of build.module.sitemapFiles(written, siteUrl)) writeFileSync(join(staging, name), content);
    writeFileSync(join(staging, "robots.txt"), build.module.robotsTxt(siteUrl));

    const previous = `${distDir}.previous-${process.pid}`;
    renameSync(distDir, previous);
    renameSync(staging, distDir);
    rmSync(previous, { recursive: true, force: true });
    return report;
  } finally {
    embedded?.leads.close();
    if (existsSync(staging)) rmSync(staging, { recursive: true, force: true });
  }
}

