/**
 * `npx tsx tools/preview-link.ts [/path] [minutes]`: a preview link (CONTENT-API 9,
 * docs/content-editors.md) signed with PREVIEW_SECRET's first secret, for the site at SITE_URL,
 * valid for `minutes` (default 30, at most 60): what a content service's editor tool makes.
 */
import { previewSecrets, signPreviewToken } from "../src/shared/previewToken.ts";

const [secret] = previewSecrets(process.env.PREVIEW_SECRET);
if (secret === undefined) {
  console.error("PREVIEW_SECRET is empty: set it (32 characters or more) here and on the site.");
  process.exit(1);
}
const path = process.argv[2] ?? "/";
const minutes = Math.min(60, Math.max(1, Number(process.argv[3] ?? 30) || 30));
const token = signPreviewToken({ exp: Math.floor(Date.now() / 1000) + minutes * 60, path }, secret);
const site = (process.env.SITE_URL ?? "http://localhost:4173").replace(/\/+$/, "");
console.log(`${site}/_preview?token=${token}`);
