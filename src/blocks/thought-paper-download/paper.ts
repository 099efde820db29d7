import type { ContentItem } from "../../content/contract.ts";

const slug = (value: string) => value.trim().replace(/^\/+|\/+$/g, "").toLowerCase();

/**
 * The thought paper a detail page is about: of the page's thought papers, the one whose
 * anchor link is the last segment of the address, else the first.
 */
export function ownPaper(items: readonly ContentItem[], pathname: string): ContentItem | undefined {
  let last = pathname.split("/").filter(Boolean).pop() ?? "";
  try {
    last = decodeURIComponent(last);
  } catch {
    // A malformed escape is compared as written.
  }
  return items.find((item) => item.anchorlink !== null && slug(item.anchorlink) === slug(last)) ?? items[0];
}

/** SPEC 7: the PDF is saved under the thought paper's name, made safe for any file system. */
export function pdfFileName(paperName: string): string {
  const base = paperName
    .replace(/[\p{Cc}\\/:*?"<>|]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/\.pdf$/i, "")
    .replace(/^[. ]+/, "")
    .slice(0, 120)
    .trim();
  return `${base || "thought-paper"}.pdf`;
}

/** Hands the bytes to the browser as a download named `fileName`. */
export function savePdf(bytes: Blob, fileName: string): void {
  const pdf = bytes.type === "application/pdf" ? bytes : new Blob([bytes], { type: "application/pdf" });
  const url = URL.createObjectURL(pdf);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the address is freed a little later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
