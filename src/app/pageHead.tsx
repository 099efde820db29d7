/**
 * SPEC 2.3 item 6 and what link previews read: a page's title, description, keywords, canonical
 * link and Open Graph data, from the page data. The browser renders them with React (PageHead),
 * the server writes the same tags into the HTML it sends (src/ssr/document.ts).
 */
import type { Page } from "../content/contract.ts";
import { useRuntime } from "../runtime/context.tsx";
import { toPlainText } from "../ui/text.ts";
import { truncate } from "../ui/truncate.ts";
import { mediaUrl } from "../ui/media.ts";

export const siteName = "Corvane Global Services";
/** The 300 by 300 social-preview image (SPEC 1), and what it shows. */
export const defaultSocialImage = "/images/social-preview.png";
const defaultSocialImageAlt = `${siteName} logo`;

export interface HeadTags {
  title: string;
  canonical: string;
  /** name= metas (description, keywords) and property= metas (Open Graph), in order. */
  metas: { key: "name" | "property"; value: string; content: string }[];
}

/** An absolute address on the public origin. */
export function absoluteUrl(path: string, siteUrl: string): string {
  return new URL(path, siteUrl.endsWith("/") ? siteUrl : `${siteUrl}/`).href;
}

/**
 * The title is the page's own (SPEC 2.3): search engines index it whole and choose how much to
 * show, so only an absurd one (past 300 characters, a content mistake that would go into every tab
 * and preview) is cut, after a whole word, with "…". A description past 160 characters, which
 * search results and link previews cut anywhere, is cut first the same way.
 */
export const titleLimit = 300;
export const descriptionLimit = 160;

export function pageHeadTags(page: Page, path: string, siteUrl: string): HeadTags {
  const title = truncate(toPlainText(page.title) || toPlainText(page.heading) || toPlainText(page.name) || siteName, titleLimit, "…");
  const description = truncate(toPlainText(page.metaDescription), descriptionLimit, "…");
  const keywords = toPlainText(page.metaKeywords);
  const canonical = absoluteUrl(path, siteUrl);
  const image = mediaUrl(page.image) ?? mediaUrl(page.pageheroimage) ?? mediaUrl(page.blogImage) ?? mediaUrl(page.csImage) ?? defaultSocialImage;
  const metas: HeadTags["metas"] = [];
  if (description) metas.push({ key: "name", value: "description", content: description });
  if (keywords) metas.push({ key: "name", value: "keywords", content: keywords });
  metas.push({ key: "property", value: "og:title", content: title });
  if (description) metas.push({ key: "property", value: "og:description", content: description });
  metas.push({ key: "property", value: "og:url", content: canonical });
  metas.push({ key: "property", value: "og:image", content: absoluteUrl(image, siteUrl) });
  // Its size only for the preview image, whose size is known; a page's own picture is described by the page's title.
  if (image === defaultSocialImage) metas.push({ key: "property", value: "og:image:width", content: "300" }, { key: "property", value: "og:image:height", content: "300" });
  metas.push({ key: "property", value: "og:image:alt", content: image === defaultSocialImage ? defaultSocialImageAlt : title });
  return { title, canonical, metas };
}

/**
 * The page's head tags in the browser; React hoists them into <head>, and adopts the server's on
 * hydration. On the server, src/ssr/document.ts writes them, with the page's structured data
 * (src/ssr/entry-server.tsx), which is for crawlers and so never part of the browser's code.
 */
export function PageHead({ page, path }: { page: Page; path: string }) {
  const { siteUrl, serverRender } = useRuntime();
  if (serverRender) return null;
  const { title, canonical, metas } = pageHeadTags(page, path, siteUrl);
  return (
    <>
      <title>{title}</title>
      {metas.map(({ key, value, content }) => (key === "name" ? <meta key={value} name={value} content={content} /> : <meta key={value} property={value} content={content} />))}
      <link rel="canonical" href={canonical} />
    </>
  );
}
