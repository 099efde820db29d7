/**
 * The contract's names and fixed lists (CONTENT-API): content types and their codes, the page's
 * image and text fields, a list's sorts and filters, the lead calls' field names. Plain data, no
 * schema: the browser's first code reads them without loading zod, which comes with the first page
 * the browser resolves itself (./contract.ts parses with them and re-exports them).
 */

export const contentTypeCodes = {
  Banners: 1,
  Blogs: 2,
  Carousels: 3,
  FAQS: 4,
  Icons: 5,
  Infographics: 6,
  Branches: 7,
  Panels: 8,
  Testimonials: 9,
  Thumbnails: 10,
  CaseStudies: 11,
  Articles: 12,
  Videos: 13,
  Media: 14,
  ThoughtPapers: 15,
} as const;

export type ContentTypeName = keyof typeof contentTypeCodes;
export const contentTypeNames = Object.keys(contentTypeCodes) as [ContentTypeName, ...ContentTypeName[]];

export function contentTypeName(code: number): ContentTypeName | undefined {
  return contentTypeNames.find((name) => contentTypeCodes[name] === code);
}

/** Page image fields of SPEC 2.3 item 7, usable by layouts as section backgrounds. */
export const pageImageFields = [
  "image",
  "backgroundImage",
  "pageheroimage",
  "pageFixedImage",
  "pageFixedImage1",
  "pagePanelBgImage1",
  "pagePanelBgImage2",
  "blogImage",
  "csImage",
  "banner3",
] as const;
export type PageImageField = (typeof pageImageFields)[number];

/** Page text fields a layout may point a block at. */
export const pageTextFields = ["heading", "heading1", "category", "desc", "shortDesc", "longDesc", "title"] as const;

export const listSorts = ["Ascending", "Descending"] as const;
export const listFilters = ["All", "Last 3 Months", "Last 6 Months"] as const;

/** The multipart fields of both contact calls (CONTENT-API 5), exactly these names. */
export const contactFieldNames = ["name", "Organisation", "email", "contactNumber", "message", "token"] as const;
export type ContactRequest = Record<(typeof contactFieldNames)[number], string>;

/** The multipart fields of the thought-paper lead call (CONTENT-API 5). */
export type ThoughtPaperLeadRequest = Record<"name" | "Organisation" | "email" | "contactNumber" | "token" | "thoughtPaperName", string>;
