/**
 * /api/* forwarded to another content service unchanged, as a Fetch handler (mounted with
 * mountFetchHandler, which has already refused a body over its call's cap): method, body,
 * status and content type, with a time-out.
 */
import type { FetchHandler } from "./http/fetchHandler.ts";

const forwardedRequestHeaders = ["content-type", "accept", "accept-language"];
const forwardedResponseHeaders = ["content-type", "content-disposition", "cache-control", "retry-after"];

const failure = (status: 502 | 504, error: string) => new Response(JSON.stringify({ error }), { status, headers: { "Content-Type": "application/json" } });

export function forwardTo(base: string, options: { timeoutMs: number }): FetchHandler {
  return async (request) => {
    const { pathname, search } = new URL(request.url);
    const headers = new Headers();
    for (const name of forwardedRequestHeaders) {
      const value = request.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    const hasBody = request.method !== "GET" && request.method !== "HEAD";
    try {
      const response = await fetch(`${base}${pathname}${search}`, {
        method: request.method,
        headers,
        signal: AbortSignal.timeout(options.timeoutMs),
        ...(hasBody ? { body: await request.arrayBuffer() } : {}),
      });
      const answer = new Headers();
      for (const name of forwardedResponseHeaders) {
        const value = response.headers.get(name);
        if (value !== null) answer.set(name, value);
      }
      return new Response(response.body, { status: response.status, headers: answer });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      console.warn(`forwarding ${request.method} ${pathname} failed:`, error instanceof Error ? error.message : error);
      return timedOut ? failure(504, "the content service did not answer in time") : failure(502, "the content service could not be reached");
    }
  };
}
