/**
 * The same headers for static hosts (Cloudflare Pages, Netlify): a `_headers` file. Pages get
 * the security headers and the HTML cache policy; hashed assets drop it for a year's
 * immutability (`! Cache-Control` detaches the inherited value on Cloudflare Pages).
 */
import { cacheControl } from "./cachePolicy.ts";
import { securityHeaders, type SecurityHeaderOptions } from "./securityHeaders.ts";

export function headersFile(options: SecurityHeaderOptions): string {
  const lines = [
    "# Written from src/server/http/staticHostHeaders.ts: edit there, not here (a test compares them).",
    "/*",
    ...Object.entries(securityHeaders(options)).map(([name, value]) => `  ${name}: ${value}`),
    `  Cache-Control: ${cacheControl.html}`,
    "/assets/*",
    "  ! Cache-Control",
    `  Cache-Control: ${cacheControl.hashedAsset}`,
  ];
  return `${lines.join("\n")}\n`;
}
