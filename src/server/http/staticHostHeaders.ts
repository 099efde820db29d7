/**
 * The same headers for static hosts (Cloudflare Pages, Netlify): a `_headers` file, read from the
 * server's own security plugin so the two cannot drift. Pages get the security headers and the
 * HTML cache policy; hashed assets drop it for a year's immutability (`! Cache-Control` detaches
 * the inherited value on Cloudflare Pages).
 */
import { cacheControl } from "./cachePolicy.ts";
import { securityHeaders, type SecurityOptions } from "./security.ts";

export async function headersFile(options: SecurityOptions): Promise<string> {
  const lines = [
    "# Written from src/server/http/security.ts by staticHostHeaders.ts: edit there, not here (a test compares them).",
    "/*",
    ...Object.entries(await securityHeaders(options)).map(([name, value]) => `  ${name}: ${value}`),
    `  Cache-Control: ${cacheControl.html}`,
    "/assets/*",
    "  ! Cache-Control",
    `  Cache-Control: ${cacheControl.hashedAsset}`,
  ];
  return `${lines.join("\n")}\n`;
}
