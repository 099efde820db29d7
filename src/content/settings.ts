/**
 * Number settings, from the build's (CONTENT-API 7) or the server's environment: a value that is
 * unset, empty, not a number or refused by `accept` falls back to the default, so a plain start works.
 */
export function numberSetting(raw: string | undefined, fallback: number, accept: (n: number) => boolean = (n) => n >= 0): number {
  const n = raw === undefined || raw.trim() === "" ? NaN : Number(raw);
  return Number.isFinite(n) && accept(n) ? n : fallback;
}

/**
 * How long a visitor (or a crawler) is asked to wait when a page or a form could not be answered
 * for now (503): the routes' loaders and actions say it (src/app/retryLater.ts), and the server
 * passes on what they said.
 */
export const retryAfterSeconds = 30;

/**
 * The Retry-After of a refusal that clears in a moment, not with the content service: a queue
 * full of pictures to resize, the lead outbox's disk busy, a revalidation or a preview render
 * that did not finish. Shorter than `retryAfterSeconds` because sending the same request again
 * soon is cheap and likely to succeed; a page whose content failed waits for the service instead.
 */
export const retryInAMomentSeconds = 5;

/**
 * A secret setting's values (METRICS_TOKEN, REVALIDATE_SECRET, PREVIEW_SECRET): none when unset
 * or empty, else each comma-separated value, trimmed (an empty one is kept, and refused by the
 * site server's start, src/server/productionChecks.ts).
 */
export function secretValues(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === "") return [];
  return raw.split(",").map((value) => value.trim());
}

/** A whole number, 0 or more. */
export const isCount = (n: number) => Number.isInteger(n) && n >= 0;

/** A duration given in seconds (0 or more), in ms. */
export const secondsSetting = (raw: string | undefined, fallbackMs: number) => numberSetting(raw, fallbackMs / 1000) * 1000;
