/**
 * sitemap.xml and robots.txt for a list of addresses: one sitemap up to 50,000 addresses (the
 * protocol's limit), past that a sitemap index naming sitemap-1.xml, sitemap-2.xml, ...
 */
export const sitemapLimit = 50_000;

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

const absolute = (path: string, siteUrl: string) => new URL(path, `${siteUrl.replace(/\/+$/, "")}/`).href;

function urlset(addresses: readonly string[], siteUrl: string): string {
  const urls = addresses.map((path) => `  <url><loc>${escapeXml(absolute(path, siteUrl))}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** File name -> content; "sitemap.xml" is always there. */
export function sitemapFiles(addresses: readonly string[], siteUrl: string, limit = sitemapLimit): Map<string, string> {
  if (addresses.length <= limit) return new Map([["sitemap.xml", urlset(addresses, siteUrl)]]);
  const files = new Map<string, string>();
  const parts: string[] = [];
  for (let start = 0; start < addresses.length; start += limit) {
    const name = `sitemap-${parts.length + 1}.xml`;
    parts.push(name);
    files.set(name, urlset(addresses.slice(start, start + limit), siteUrl));
  }
  const entries = parts.map((name) => `  <sitemap><loc>${escapeXml(absolute(`/${name}`, siteUrl))}</loc></sitemap>`);
  files.set("sitemap.xml", `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>\n`);
  return files;
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absolute("/sitemap.xml", siteUrl)}\n`;
}
