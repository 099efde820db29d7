/**
 * How large a request body each route accepts. Fastify enforces it (each route's `bodyLimit`)
 * before the body is read: a declared Content-Length above the cap is refused at once, and a
 * chunked body is cut off as soon as it passes it. Everything not named here accepts none.
 */
import { contentCalls } from "../../content/calls.ts";

/** Route (lower-case path) → the largest body it accepts, in bytes: the contract's calls (src/content/calls.ts). */
export const bodyLimits: Readonly<Record<string, number>> = Object.fromEntries(contentCalls.map((call) => [call.path.toLowerCase(), call.maxBodyBytes]));
