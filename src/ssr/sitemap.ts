/**
 * sitemap.xml and robots.txt for a list of addresses: one sitemap up to 50,000 addresses (the
 * protocol's limit), past that a sitemap index naming sitemap-1.xml, sitemap-2.xml, ... An
 * address whose content has a date carries it as <lastmod> (W3C datetime); a part of the index
 * carries the latest of its addresses'. No date is made up for content without one.
 */
import { escapeUTF8 } from "entities";
import type { SiteAddress } from "./siteAddresses.ts";

export type { SiteAddress };
export const sitemapLimit = 50_000;

const absolute = (path: string, siteUrl: string) => new URL(path, `${siteUrl.replace(/\/+$/, "")}/`).href;

const entry = (address: string | SiteAddress): SiteAddress => (typeof address === "string" ? { path: address } : address);
const lastmodTag = (lastmod: string | undefined) => (lastmod ? `<lastmod>${escapeUTF8(lastmod)}</lastmod>` : "");

/** The latest of some W3C datetimes (dates compare as the start of their day, in UTC). */
function latest(dates: readonly (string | undefined)[]): string | undefined {
  let best: { date: string; time: number } | undefined;
  for (const date of dates) {
    const time = date === undefined ? Number.NaN : Date.parse(date);
    if (date !== undefined && !Number.isNaN(time) && (!best || time > best.time)) best = { date, time };
  }
  return best?.date;
}

function urlset(addresses: readonly (string | SiteAddress)[], siteUrl: string): string {
  const urls = addresses.map(entry).map(({ path, lastmod }) => `  <url><loc>${escapeUTF8(absolute(path, siteUrl))}</loc>${lastmodTag(lastmod)}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** File name -> content; "sitemap.xml" is always there. */
export function sitemapFiles(addresses: readonly (string | SiteAddress)[], siteUrl: string, limit = sitemapLimit): Map<string, string> {
  if (addresses.length <= limit) return new Map([["sitemap.xml", urlset(addresses, siteUrl)]]);
  const files = new Map<string, string>();
  const parts: { name: string; lastmod: string | undefined }[] = [];
  for (let start = 0; start < addresses.length; start += limit) {
    const name = `sitemap-${parts.length + 1}.xml`;
    const part = addresses.slice(start, start + limit);
    parts.push({ name, lastmod: latest(part.map((address) => entry(address).lastmod)) });
    files.set(name, urlset(part, siteUrl));
  }
  const entries = parts.map(({ name, lastmod }) => `  <sitemap><loc>${escapeUTF8(absolute(`/${name}`, siteUrl))}</loc>${lastmodTag(lastmod)}</sitemap>`);
  files.set("sitemap.xml", `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>\n`);
  return files;
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absolute("/sitemap.xml", siteUrl)}\n`;
}
