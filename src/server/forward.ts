/**
 * The contract's calls forwarded to another content service, as a Fetch handler (mounted with
 * mountFetchHandler, which has already refused a body over its call's cap): body, status and
 * content type, with a time-out. Only the calls of CONTENT-API a browser may send
 * (`forwardedCallOf`, src/content/calls.ts), as POST, are passed, to the path the contract spells, with no query: anything else under /api/ (an
 * admin call, another method, an encoded path) is answered here and never reaches the service.
 */
import { contentCallMethod, forwardedCallOf } from "../content/calls.ts";
import type { FetchHandler } from "./http/fetchHandler.ts";

/** X-Content-Preview: only as src/server/preview/preview.ts (`previewCalls`, in front of this) sets it from a verified preview; a client's own is dropped there. */
const forwardedRequestHeaders = ["content-type", "accept", "accept-language", "x-content-preview"];
const forwardedResponseHeaders = ["content-type", "content-disposition", "cache-control", "retry-after"];

const failure = (status: 502 | 504, error: string) => new Response(JSON.stringify({ error }), { status, headers: { "Content-Type": "application/json" } });

export function forwardTo(base: string, options: { timeoutMs: number; warn?: (message: string) => void }): FetchHandler {
  return async (request) => {
    const { pathname } = new URL(request.url);
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      decoded = "";
    }
    // The encoded path must be the decoded one: `/api/page%2fget` is no call, whatever a service would make of it.
    const call = decoded === pathname ? forwardedCallOf(pathname) : undefined;
    if (!call) return new Response(JSON.stringify({ error: "no such call" }), { status: 404, headers: { "Content-Type": "application/json" } });
    if (request.method !== contentCallMethod) return new Response(null, { status: 405, headers: { Allow: contentCallMethod } });
    const headers = new Headers();
    for (const name of forwardedRequestHeaders) {
      const value = request.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    try {
      const response = await fetch(`${base}${call.path}`, { method: contentCallMethod, headers, signal: AbortSignal.timeout(options.timeoutMs), body: await request.arrayBuffer() });
      const answer = new Headers();
      for (const name of forwardedResponseHeaders) {
        const value = response.headers.get(name);
        if (value !== null) answer.set(name, value);
      }
      return new Response(response.body, { status: response.status, headers: answer });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      (options.warn ?? console.warn)(`forwarding ${request.method} ${pathname} failed: ${error instanceof Error ? error.message : String(error)}`);
      return timedOut ? failure(504, "the content service did not answer in time") : failure(502, "the content service could not be reached");
    }
  };
}
