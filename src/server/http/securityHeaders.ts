/**
 * The security headers of every answer of the site. Scripts are strict (`'self'` only, plus
 * reCAPTCHA's two origins when a site key is set); inline style attributes stay allowed, as
 * the blocks position things with them. JSON-LD (`<script type="application/ld+json">`) is
 * data, which CSP does not block.
 */
export interface SecurityHeaderOptions {
  /** A reCAPTCHA site key is configured: allow Google's script and frame origins. */
  recaptcha: boolean;
  /** Served over HTTPS: add HSTS and upgrade stray http: sub-resources. */
  https: boolean;
  /** VITE_CONTENT_API_BASE when the content service is on another origin: the site's calls go there. */
  contentApiBase?: string | undefined;
  /** MEDIA_ORIGINS: the origins (a CDN) that content's absolute media addresses are on; pictures and videos may load from these alone. */
  mediaOrigins?: string | undefined;
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

export function contentSecurityPolicy({ recaptcha, https, contentApiBase, mediaOrigins }: SecurityHeaderOptions): string {
  // Root-relative media come through the site ('self'; docs/media.md), or straight from the service in the single-page build.
  const media = [...originOf(contentApiBase), ...(mediaOrigins ?? "").split(/[\s,]+/).flatMap(originOf)];
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", ...(recaptcha ? recaptchaScripts : [])],
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", "blob:", ...media],
    ["media-src", "'self'", "blob:", ...media],
    ["font-src", "'self'", "data:"],
    ["connect-src", "'self'", ...originOf(contentApiBase)],
    ["frame-src", "'self'", ...(recaptcha ? recaptchaFrames : [])],
    ["worker-src", "'self'", "blob:"],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
  ];
  if (https) directives.push(["upgrade-insecure-requests"]);
  return directives.map((parts) => parts.join(" ")).join("; ");
}

export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(options),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": featuresOff.map((feature) => `${feature}=()`).join(", "),
    "X-Frame-Options": "DENY",
    ...(options.https ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}
