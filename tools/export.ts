/**
 * `npm run export [-- --strict]`: see ./exportSite.ts. DIST_DIR (default dist), EXPORT_CONCURRENCY
 * (default 4). A link to an address with no page is a warning, or with --strict a failure.
 */
// First: React's production build, chosen before any import loads React.
import "../src/server/productionEnv.ts";
import { exportSite } from "./exportSite.ts";
import { formatReport } from "./linkCheck.ts";

const distDir = process.env.DIST_DIR ?? "dist";
const strict = process.argv.includes("--strict");
const started = Date.now();
const report = await exportSite({ distDir, env: process.env, concurrency: Number(process.env.EXPORT_CONCURRENCY ?? 4), strict });
for (const { address, why } of report.skipped) console.warn(`export: skipped ${address}: ${why}`);
if (report.brokenLinks.length > 0) {
  console.warn(`export: ${report.brokenLinks.length} broken internal link(s)${strict ? "" : " (a failure with --strict)"}:`);
  for (const line of formatReport({ pages: 0, links: 0, broken: report.brokenLinks, unchecked: [] })) console.warn(line);
}
if (report.failed.length > 0) {
  console.error(`export failed: ${distDir}/ is unchanged. ${report.failed.length} address(es) failed:`);
  for (const { address, why } of report.failed) console.error(`  ${address}: ${why}`);
  process.exit(1);
}
console.log(`export: wrote ${report.written.length} pages, sitemap.xml and robots.txt into ${distDir}/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
