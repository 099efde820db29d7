/** The answer of a page or a form that could not be served for now: 503, with the one Retry-After (src/content/settings.ts) the server passes on. */
import { retryAfterSeconds } from "../content/settings.ts";

export const retryLater = { status: 503, headers: { "Retry-After": String(retryAfterSeconds) } };
