/**
 * The JSON answers of a Fetch-API handler that takes the contract's calls: the site server's lead
 * outbox and the fixture content service both answer with these. (src/shared/ holds what both
 * programs run; neither imports the other.)
 */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8" } });

/** CONTENT-API 5's 400: field → message. */
export const badRequest = (errors: Record<string, string>) => json({ errors }, 400);

/** A JSON 429/503 that asks the visitor to send again after `seconds` (the routes' 503 is src/app/retryLater.ts). */
export function jsonRetryLater(status: 429 | 503, error: string, seconds: number): Response {
  const response = json({ error }, status);
  response.headers.set("Retry-After", String(seconds));
  return response;
}

export async function readJsonBody(request: Request): Promise<{ ok: true; value: unknown } | { ok: false }> {
  try {
    return { ok: true, value: await request.json() };
  } catch {
    return { ok: false };
  }
}
