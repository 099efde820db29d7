/**
 * Preview tokens (CONTENT-API 9): `base64url(payload) "." base64url(HMAC-SHA256(secret,
 * base64url(payload)))`, the payload a JSON object `{"exp": <unix seconds>, "path": "/site/path"}`.
 * The content service's editor tool makes them with the secret both sides share
 * (PREVIEW_SECRET); the site checks them here, and the service checks them again itself.
 *
 * - The signature is compared in constant time, against every secret configured (two while one
 *   is rotated), so the time taken says neither which secret nor how much of it matched.
 * - `exp` may be at most an hour ahead; both ends allow `clockSkewSeconds` for clocks that differ
 *   (a token expired by less than that still passes; one up to an hour and that much ahead too).
 * - `path` is only read here; whether it is a site path is the caller's one rule to apply.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import * as z from "zod/mini";
import { secretValues } from "../content/settings.ts";

/** How far the site's clock and the editor tool's may differ, either way. */
export const clockSkewSeconds = 60;
/** The longest a token may live, from the moment the site reads it. */
export const maxLifetimeSeconds = 60 * 60;
/** A token longer than this is refused unread (a payload of a path and a time is well under 1 kB). */
const maxTokenLength = 4096;

const PayloadSchema = z.object({
  exp: z.number().check(z.int()),
  path: z.optional(z.string().check(z.maxLength(2048))),
});
export type PreviewPayload = z.infer<typeof PayloadSchema>;

export type TokenCheck = { ok: true; payload: PreviewPayload } | { ok: false; why: "malformed" | "signature" | "expired" | "too far ahead" };

const base64url = /^[A-Za-z0-9_-]+$/;
const signatureOf = (secret: string, encodedPayload: string) => createHmac("sha256", secret).update(encodedPayload).digest();

/**
 * PREVIEW_SECRET as both ends read it (the site server, the fixture service): empty (preview
 * off), one secret, or two comma-separated while one is rotated. Each is held to the one secret
 * rule of every site start (src/server/productionChecks.ts: 32 characters or more); a third
 * stops the start here.
 */
export function previewSecrets(raw: string | undefined): string[] {
  const secrets = secretValues(raw);
  if (secrets.length > 2) throw new Error("Refusing to start: PREVIEW_SECRET takes one secret, or two separated by a comma while one is rotated.");
  return secrets;
}

/** A token for `payload`, signed with `secret` (the editor tool's side; the site uses it in tests and tools/preview-link.ts). */
export function signPreviewToken(payload: PreviewPayload, secret: string): string {
  const encoded = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${encoded}.${signatureOf(secret, encoded).toString("base64url")}`;
}

/** Whether `token` was signed with one of `secrets` and is valid at `nowMs`; its payload when it is. */
export function verifyPreviewToken(token: string, secrets: readonly string[], nowMs: number = Date.now()): TokenCheck {
  if (token.length > maxTokenLength) return { ok: false, why: "malformed" };
  const [encoded = "", signature = "", ...rest] = token.split(".");
  if (rest.length > 0 || !base64url.test(encoded) || !base64url.test(signature)) return { ok: false, why: "malformed" };
  const given = Buffer.from(signature, "base64url");
  // Every secret is tried, whichever matches: the time taken is the same for all.
  let signed = false;
  for (const secret of secrets) {
    const expected = signatureOf(secret, encoded);
    if (given.length === expected.length && timingSafeEqual(given, expected)) signed = true;
  }
  if (!signed || secrets.length === 0) return { ok: false, why: "signature" };
  let payload: PreviewPayload;
  try {
    const parsed = PayloadSchema.safeParse(JSON.parse(Buffer.from(encoded, "base64url").toString("utf8")));
    if (!parsed.success) return { ok: false, why: "malformed" };
    payload = parsed.data;
  } catch {
    return { ok: false, why: "malformed" };
  }
  const now = Math.floor(nowMs / 1000);
  if (payload.exp + clockSkewSeconds < now) return { ok: false, why: "expired" };
  if (payload.exp > now + maxLifetimeSeconds + clockSkewSeconds) return { ok: false, why: "too far ahead" };
  return { ok: true, payload };
}
