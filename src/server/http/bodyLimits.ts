/**
 * How large a request body each route accepts. Fastify enforces it (each route's `bodyLimit`)
 * before the body is read: a declared Content-Length above the cap is refused at once, and a
 * chunked body is cut off as soon as it passes it. Everything not named here accepts none.
 */

const kB = 1024;

/** Route (lower-case path) → the largest body it accepts, in bytes. */
export const bodyLimits: Readonly<Record<string, number>> = {
  // The lead forms: six short fields; a few hundred kB leaves room for any honest message.
  "/api/contactus/create": 256 * kB,
  "/api/contactus/presentation-page": 256 * kB,
  "/api/thoughtpaper/saveuserinfo": 256 * kB,
  // Content calls carry a page name, a list query or `{}`.
  "/api/page/get": 8 * kB,
  "/api/page/getcontentlist": 8 * kB,
  "/api/menu/getmenulist": 8 * kB,
  "/api/resource/list": 8 * kB,
  "/api/thoughtpaper/downloadthoughtpaperpdf": 8 * kB,
};
