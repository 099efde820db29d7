/**
 * Plain text from content that may hold markup (titles, card descriptions). The markup is
 * parsed in an inert document (nothing loads, nothing runs) and only its text is kept.
 */
import { htmlWindow } from "./htmlWindow.ts";
import { rememberAnswers } from "./rememberAnswers.ts";

/** The text of markup, read in this thread's DOM (the browser's window, or the server's: ./htmlWindow.ts). */
export function textOfMarkup(html: string): string {
  const doc = new (htmlWindow().DOMParser)().parseFromString(html, "text/html");
  // By tag name, not a selector: in jsdom a document's first selector query registers listeners on
  // the window that outlive it, so a query per call slowed every server render more than the last.
  for (const tag of ["script", "style", "template", "noscript"]) for (const hidden of [...doc.getElementsByTagName(tag)]) hidden.remove();
  return doc.body.textContent.replace(/\s+/g, " ").trim();
}

/** The browser's: remembered (./rememberAnswers.ts). */
let readText = rememberAnswers(textOfMarkup, (html) => html);

/** The server reads markup its own way (src/ssr/routedPage.tsx: in its content HTML worker, or here; its answers remembered there). */
export function provideMarkupText(read: (html: string) => string): void {
  readText = read;
}

export function toPlainText(html: string | null | undefined): string {
  if (!html) return "";
  if (!/[<&]/.test(html)) return html.replace(/\s+/g, " ").trim();
  return readText(html);
}

const monthNames = [
  "January", "February", "March", "April", "May", "June",
  "July", "August", "September", "October", "November", "December",
];

/** "2026-03-14T00:00:00" -> "March 14, 2026" (SPEC 9); the calendar date as written, whatever the time zone. */
export function formatDate(iso: string | null | undefined): string | null {
  const match = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso.trim()) : null;
  if (!match) return null;
  const [, year, month, day] = match;
  const monthName = monthNames[Number(month) - 1];
  const dayNumber = Number(day);
  if (!monthName || dayNumber < 1 || dayNumber > 31) return null;
  return `${monthName} ${dayNumber}, ${year}`;
}
