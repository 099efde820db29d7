/** The content service the server reads from: the embedded fixture service in-process, or another over HTTP with a time-out. */
import type { ContentService } from "./service.ts";

export function contentUpstream(base: string, embedded: ContentService | null, timeoutMs: number) {
  return async (path: string, body: string): Promise<Response> => {
    const init = { method: "POST", body, headers: { "Content-Type": "application/json", Accept: "application/json" } };
    if (embedded) return (await embedded(new Request(`http://content.local${path}`, init))) ?? new Response("Not found", { status: 404 });
    return fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  };
}
