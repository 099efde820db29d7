/**
 * A content date (CONTENT-API: ISO 8601, e.g. "2026-03-14T00:00:00") as machines read dates:
 * the structured data's datePublished / uploadDate and the sitemap's lastmod. A date with a
 * time zone keeps its instant; one without a zone (what the service usually sends) is the
 * calendar date as written, the same day the page prints, since a time without a zone is no
 * W3C datetime. Anything that is not a real date is null: no guessed date is ever published.
 */
const dateTime = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

export function machineDate(value: string | null | undefined): string | null {
  const match = value ? dateTime.exec(value.trim()) : null;
  if (!match) return null;
  const [, year = "", month = "", day = "", hour, minute, second, zone] = match;
  if (Number(hour ?? 0) > 23 || Number(minute ?? 0) > 59 || Number(second ?? 0) > 59) return null;
  const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  // "2026-02-30" is no date.
  if (calendar.getUTCFullYear() !== Number(year) || calendar.getUTCMonth() !== Number(month) - 1 || calendar.getUTCDate() !== Number(day)) return null;
  if (hour === undefined || zone === undefined) return `${year}-${month}-${day}`;
  const instant = new Date(value?.trim() ?? "");
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString().replace(/\.000Z$/, "Z");
}
