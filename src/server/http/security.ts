/**
 * What every answer of the site carries, and what every request passes first:
 * - the security headers, set by @fastify/helmet (CSP, HSTS over HTTPS only, nosniff, framing,
 *   referrer, the cross-origin isolation headers) plus a Permissions-Policy, which helmet leaves out;
 * - a Host check: a Host no browser would send is answered 400, never with a stack trace.
 *
 * Scripts are strict (`'self'` only, plus reCAPTCHA's two origins when a site key is set); inline
 * style attributes stay allowed, as the blocks position things with them. JSON-LD
 * (`<script type="application/ld+json">`) is data, which CSP does not block.
 */
import helmet from "@fastify/helmet";
import Fastify, { type FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { cacheControl } from "./cachePolicy.ts";

export interface SecurityOptions {
  /** A reCAPTCHA site key is configured: allow Google's script and frame origins. */
  recaptcha: boolean;
  /** Served over HTTPS: add HSTS and upgrade stray http: sub-resources. */
  https: boolean;
  /** VITE_CONTENT_API_BASE when the content service is on another origin: the site's calls go there. */
  contentApiBase?: string | undefined;
  /** MEDIA_ORIGINS: the origins (a CDN) that content's absolute media addresses are on; pictures and videos may load from these alone. */
  mediaOrigins?: string | undefined;
  /** CONTENT_API_BASE, the service the server reads: an absolute media address on its origin loads too. */
  contentServiceBase?: string | undefined;
  /** The hashes ('sha256-…') of the inline scripts pages carry: src/boot.ts's (src/server/bootScript.ts), Vite's in `npm run dev`. */
  scriptHashes?: readonly string[] | undefined;
  /** Who may frame the answer (CSP `frame-ancestors`); default none, with `X-Frame-Options: DENY`. Only previews name any (PREVIEW_FRAME_ANCESTORS). */
  frameAncestors?: readonly string[] | undefined;
}

/**
 * The options the environment asks for: VITE_RECAPTCHA_SITE_KEY set → reCAPTCHA;
 * SITE_HTTPS=1 → HTTPS (HSTS); VITE_CONTENT_API_BASE → the service's origin may be called;
 * MEDIA_ORIGINS and CONTENT_API_BASE → media may load from those origins.
 */
export function securityOptionsFromEnv(env: NodeJS.ProcessEnv): SecurityOptions {
  return { recaptcha: Boolean(env.VITE_RECAPTCHA_SITE_KEY?.trim()), https: env.SITE_HTTPS === "1", contentApiBase: env.VITE_CONTENT_API_BASE, mediaOrigins: env.MEDIA_ORIGINS, contentServiceBase: env.CONTENT_API_BASE };
}

/** The origin of an absolute service address; nothing for a relative or unreadable one. */
function originOf(address: string | undefined): string[] {
  if (!address?.trim()) return [];
  try {
    const { origin } = new URL(address);
    return origin === "null" ? [] : [origin];
  } catch {
    return [];
  }
}

const recaptchaScripts = ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"];
const recaptchaFrames = ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"];
/** Powerful features the site never uses, switched off for it and anything it embeds. */
const featuresOff = ["accelerometer", "camera", "display-capture", "geolocation", "gyroscope", "magnetometer", "microphone", "midi", "payment", "usb", "browsing-topics"];
export const permissionsPolicy = featuresOff.map((feature) => `${feature}=()`).join(", ");

/** The CSP directives, as helmet takes them. */
export function cspDirectives({ recaptcha, https, contentApiBase, mediaOrigins, contentServiceBase, scriptHashes = [], frameAncestors = [] }: SecurityOptions): Record<string, string[]> {
  // Root-relative media come through the site ('self', /_media/; docs/media.md), or straight from the service in the single-page build;
  // absolute ones from the service's own origin or the configured ones.
  const media = [...new Set([...originOf(contentApiBase), ...originOf(contentServiceBase), ...(mediaOrigins ?? "").split(/[\s,]+/).flatMap(originOf)])];
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...scriptHashes.map((hash) => `'${hash}'`), ...(recaptcha ? recaptchaScripts : [])],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...media],
    "media-src": ["'self'", "blob:", ...media],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...originOf(contentApiBase)],
    "frame-src": ["'self'", ...(recaptcha ? recaptchaFrames : [])],
    "worker-src": ["'self'", "blob:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": frameAncestors.length > 0 ? [...frameAncestors] : ["'none'"],
    ...(https ? { "upgrade-insecure-requests": [] } : {}),
  };
}

const label = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
const validHost = new RegExp(`^(?:${label}(?:\\.${label})*\\.?|\\[[0-9A-Fa-f:.]{2,45}\\])(?::(\\d{1,5}))?$`);

export function isValidHost(host: string | undefined): boolean {
  if (host === undefined || host.length === 0 || host.length > 255) return false;
  const match = validHost.exec(host);
  const port = match?.[1];
  return match !== null && (port === undefined || (Number(port) >= 1 && Number(port) <= 65535));
}

/** The headers every answer carries: helmet's as configured (read once from a server with it; also for the static hosts' `_headers`), and the Permissions-Policy helmet leaves out. */
export async function securityHeaders(options: SecurityOptions): Promise<Record<string, string>> {
  const app = Fastify();
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options) },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true, preload: false } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // X-Frame-Options names no origin: an answer others may frame leaves it out, and frame-ancestors decides.
    xFrameOptions: options.frameAncestors?.length ? false : { action: "deny" },
  });
  app.get("/", () => "");
  const answer = await app.inject({ url: "/", headers: { host: "localhost" } });
  await app.close();
  const wanted = Object.entries(answer.headers).filter(([name]) => !/^(content-(type|length)|date|connection|keep-alive)$/.test(name));
  return { ...Object.fromEntries(wanted.map(([name, value]) => [name, String(value)])), "permissions-policy": permissionsPolicy };
}

/**
 * The Fastify plugin: every answer gets helmet's headers (`securityHeaders`, computed once at
 * start) set in one call, as helmet run per request re-serialises its CSP each time, except a
 * 304, whose 1 kB of headers would change nothing, and the CSP of an answer that sets its own;
 * and a bad Host is answered 400.
 */
export const security = fp((app: FastifyInstance, { headers }: { headers: Record<string, string> }, done: () => void) => {
  // Not on a 304: the browser keeps the headers of the answer it has (RFC 9110, 15.4.5).
  app.addHook("onSend", async (_request, reply) => {
    if (reply.statusCode === 304) return;
    // An answer with a policy of its own keeps it (a content SVG's sandbox, src/server/media).
    const own = reply.getHeader("content-security-policy");
    reply.headers(headers);
    if (own !== undefined) reply.header("content-security-policy", own);
  });
  app.addHook("onRequest", async (request, reply) => {
    if (isValidHost(request.headers.host)) return;
    await reply.code(400).header("Connection", "close").header("Cache-Control", cacheControl.noStore).type("text/plain; charset=utf-8").send("Bad Request: the Host header is missing or malformed.\n");
  });
  done();
});
