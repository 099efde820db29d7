/**
 * `npm run check:links -- <site address>` or `npm run check:links -- --export <dir>`: every
 * internal link the site's pages show, followed; each one that leads to no page is listed with
 * the page it is on and where on that page (./linkCheck.ts). Exit 1 when one is broken, 2 when
 * the check could not run.
 *
 * - A running site (`http://127.0.0.1:4173`): read over HTTP from its home page and its
 *   sitemap; SITE_URL, when set, is its public origin (absolute links to it are internal).
 * - An export (`--export dist`): its written pages, and any other address rendered by the
 *   build in that folder from the content service at CONTENT_API_BASE, as `npm run export` does.
 */
// First: React's production build in the renderer of an export, chosen before any import loads React.
import "../src/server/productionEnv.ts";
import { readdirSync } from "node:fs";
import { exportContent, exportReader } from "./exportSite.ts";
import { checkLinks, formatReport, httpReader, sitemapPaths, type CheckOptions } from "./linkCheck.ts";
import { loadSiteBuild } from "../src/server/renderModule.ts";

const usage = "usage: npm run check:links -- <site address, e.g. http://127.0.0.1:4173> | --export <dir>";

async function main(args: readonly string[]): Promise<number> {
  const exportAt = args.indexOf("--export");
  const started = Date.now();
  let options: CheckOptions;
  let close: () => void = () => undefined;
  if (exportAt >= 0) {
    const dir = args[exportAt + 1];
    if (!dir) throw new Error(usage);
    const build = await loadSiteBuild(dir);
    const siteUrl = (process.env.SITE_URL ?? "http://localhost:4173").replace(/\/+$/, "");
    const content = exportContent(process.env);
    close = content.close;
    // Every written page: <path>/index.html below the folder (its own index.html is the app shell).
    const pages = readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith("/index.html") && !file.startsWith("server/"))
      .map((file) => `/${file.slice(0, -"/index.html".length)}`);
    if (pages.length === 0) throw new Error(`${dir}/ holds no exported page: run "npm run export" first`);
    options = { seeds: pages, read: exportReader(dir, build, { fetch: content.fetch, siteUrl }), siteUrl };
  } else {
    const address = args.find((arg) => !arg.startsWith("-"));
    if (!address || !/^https?:\/\//.test(address)) throw new Error(usage);
    const siteUrl = new URL(address).origin;
    options = { seeds: ["/", ...(await sitemapPaths(siteUrl))], read: httpReader(siteUrl), siteUrl, publicUrl: process.env.SITE_URL };
  }
  try {
    const report = await checkLinks(options);
    for (const line of formatReport(report)) console.log(line);
    console.log(
      `check:links: ${report.pages} pages, ${report.links} internal links, ${report.broken.length} broken address(es)` +
        `${report.unchecked.length ? `, ${report.unchecked.length} not checked` : ""} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return report.broken.length > 0 ? 1 : 0;
  } finally {
    close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(`check:links: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
}
