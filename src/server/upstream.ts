/** The content service the server reads from: the embedded fixture service in-process, or another over HTTP with a time-out. */
import { fetchThrough, type FetchHandler } from "./http/fetchHandler.ts";

export function contentUpstream(base: string, embedded: FetchHandler | null, timeoutMs: number) {
  const call = embedded ? fetchThrough(embedded, embeddedOrigin) : (url: string, init: RequestInit) => fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  return (path: string, body: string): Promise<Response> => call(`${embedded ? embeddedOrigin : base}${path}`, { method: "POST", body, headers: { "Content-Type": "application/json", Accept: "application/json" } });
}

/** The embedded fixture service's origin, as the server names it; nothing is fetched over the network. */
export const embeddedOrigin = "http://content.local";
