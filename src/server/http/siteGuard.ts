/**
 * What every request of the production server passes first: a Host check (400, never a
 * stack trace) and the site's security headers on whatever answer follows.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { isValidHost } from "./host.ts";
import { securityHeaders, type SecurityHeaderOptions } from "./securityHeaders.ts";

/** Answers the request itself and returns false when it must go no further. */
export type RequestGuard = (req: IncomingMessage, res: ServerResponse) => boolean;

export function siteGuard(options: SecurityHeaderOptions): RequestGuard {
  const headers = Object.entries(securityHeaders(options));
  return (req, res) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    if (isValidHost(req.headers.host)) return true;
    res.writeHead(400, { "Content-Type": "text/plain; charset=utf-8", Connection: "close", "Cache-Control": "no-store" });
    res.end("Bad Request: the Host header is missing or malformed.\n");
    return false;
  };
}

/**
 * The header options the environment asks for: VITE_RECAPTCHA_SITE_KEY set → reCAPTCHA;
 * SITE_HTTPS=1 → HTTPS (HSTS); VITE_CONTENT_API_BASE → the service's origin may be called;
 * MEDIA_ORIGINS → media may load from those origins.
 */
export function securityOptionsFromEnv(env: NodeJS.ProcessEnv): SecurityHeaderOptions {
  return { recaptcha: Boolean(env.VITE_RECAPTCHA_SITE_KEY?.trim()), https: env.SITE_HTTPS === "1", contentApiBase: env.VITE_CONTENT_API_BASE, mediaOrigins: env.MEDIA_ORIGINS };
}
