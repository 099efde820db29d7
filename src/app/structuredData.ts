/**
 * A page's structured data for search engines (schema.org JSON-LD), built in this one place from
 * the resolved page: its content, the slots its layout renders with the items each selected, the
 * address and the site's public origin. Nothing here reads the DOM, so the server, the browser
 * and a data loader get the same answer; and every value comes from what a block shows, so the
 * data never claims more than the page says (docs/seo.md):
 *
 * - `article-detail` (blogs, case studies): BlogPosting / Article with the heading, the opening
 *   of the body, the item's date, the byline's author, the hero picture;
 * - `thought-paper-download` on the paper's own page: Article with the paper's name, summary
 *   and picture, as the block shows them;
 * - `video`: a VideoObject per video, with its poster, file and captions;
 * - the home page: WebSite.
 *
 * The company's Organization data is index.html's own (registry/organization.json, written by
 * src/build/organizationPlugin.ts); it is the publisher here. The breadcrumbs block writes its
 * BreadcrumbList beside the trail it shows.
 */
import * as z from "zod/mini";
import organizationData from "../../registry/organization.json" with { type: "json" };
import { articleDetailOptions } from "../blocks/article-detail/options.ts";
import { videoOptions } from "../blocks/video/options.ts";
import { machineDate, type ContentItem, type Page } from "../content/contract.ts";
import { pathTo } from "../content/paths.ts";
import { checkSlotOptions, type OptionsSchema, type RenderSlot } from "../runtime/slots.ts";
import { mediaUrl } from "../ui/media.ts";
import { toPlainText } from "../ui/text.ts";
import { truncate } from "../ui/truncate.ts";
import { comparablePath, safeUrl } from "../ui/url.ts";
import { absoluteUrl, siteName } from "./pageHead.tsx";

/** The publisher: registry/organization.json, parsed once at this boundary. */
const OrganizationSchema = z.object({ name: z.string(), url: z.string(), logo: z.optional(z.string()) });
export type Organization = z.output<typeof OrganizationSchema>;
export const siteOrganization: Organization = OrganizationSchema.parse(organizationData);

export interface StructuredDataInput {
  page: Page;
  /** The slots the page renders, each with the items it selected (src/runtime/slots.ts, pageSlots). */
  slots: readonly RenderSlot[];
  /** The address as visited. */
  path: string;
  /** The public origin (SITE_URL). */
  siteUrl: string;
  organization?: Organization;
}

export type JsonLdNode = { "@type": string } & Record<string, unknown>;

/** How much of an article's body its description carries: about a search result's snippet. */
export const descriptionLength = 200;

const text = (value: string | null | undefined) => toPlainText(value);

/** Editor HTML as the words a reader sees: blocks (paragraphs, headings, list items) stay apart ("end.Then" is "end. Then"). */
const blockEnd = /<\/(?:p|h[1-6]|li|dt|dd|div|blockquote|pre|td|th|figcaption|section|article)\s*>|<br\s*\/?>/gi;
const bodyText = (html: string | null | undefined) => toPlainText(html?.replace(blockEnd, "$& "));

function publisherOf(organization: Organization): JsonLdNode {
  return {
    "@type": "Organization",
    name: organization.name,
    url: organization.url,
    ...(organization.logo ? { logo: { "@type": "ImageObject", url: organization.logo } } : {}),
  };
}

/** The absolute address a page loads a content media file from (src/ui/media.ts: through the site's /_media/ on a server-made page), or undefined when it is not a safe one. */
function mediaAddress(raw: string | null | undefined, siteUrl: string): string | undefined {
  const url = mediaUrl(raw);
  return url && !url.startsWith("#") && !/^(mailto|tel):/i.test(url) ? absoluteUrl(url, siteUrl) : undefined;
}

/** Only the properties that have a value: structured data states what is known, nothing empty. */
function node(type: string, properties: Record<string, unknown>): JsonLdNode {
  const known = Object.entries(properties).filter(([, value]) => value !== undefined && value !== null && value !== "");
  return { "@type": type, ...Object.fromEntries(known) };
}

function slotOptions<S extends OptionsSchema>(schema: S, slot: RenderSlot): z.output<S> | null {
  const checked = checkSlotOptions(schema, slot);
  return checked.outcome === "invalid" ? null : checked.options;
}

interface Context {
  page: Page;
  path: string;
  siteUrl: string;
  canonical: string;
  publisher: JsonLdNode;
}

/** A blog (BlogPosting) or case study (Article) as the article-detail block shows it. */
function articleDetail(slot: RenderSlot, { page, siteUrl, canonical, publisher }: Context): JsonLdNode | null {
  const options = slotOptions(articleDetailOptions, slot);
  if (!options) return null;
  const item = page[options.item];
  // The block's own choices, field by field (src/blocks/article-detail/ArticleDetail.tsx).
  const headline = text(item?.title ?? page.heading ?? page.title) || text(page.name);
  const body = bodyText(item?.longDesc ?? page.longDesc);
  const author = options.byline ? text(item?.authorName) : "";
  return node(options.item === "blog" ? "BlogPosting" : "Article", {
    headline,
    description: body ? truncate(body, descriptionLength, "…") : undefined,
    image: mediaAddress(page[options.image], siteUrl),
    datePublished: machineDate(item?.date),
    author: author ? { "@type": "Person", name: author } : undefined,
    publisher,
    mainEntityOfPage: { "@type": "WebPage", "@id": canonical },
  });
}

const slug = (value: string) => value.trim().replace(/^\/+|\/+$/g, "").toLowerCase();

/** A thought paper on its own page (its anchor link is the address's last segment), as the download block shows it. */
function thoughtPaper(slot: RenderSlot, { path, siteUrl, canonical, publisher }: Context): JsonLdNode | null {
  let last = path.split(/[?#]/, 1)[0]?.split("/").filter(Boolean).pop() ?? "";
  try {
    last = decodeURIComponent(last);
  } catch {
    // Compared as written.
  }
  const paper = slot.items.find((item) => item.anchorlink !== null && slug(item.anchorlink) === slug(last));
  if (!paper) return null;
  return node("Article", {
    headline: text(paper.title),
    description: text(paper.shortDesc),
    image: mediaAddress(paper.image, siteUrl),
    datePublished: machineDate(paper.date),
    publisher,
    mainEntityOfPage: { "@type": "WebPage", "@id": canonical },
  });
}

/** Each video the video block shows (it shows items with a safe video address), with what its layout shows of it. */
function videos(slot: RenderSlot, { siteUrl }: Context): JsonLdNode[] {
  const options = slotOptions(videoOptions, slot);
  if (!options) return [];
  return slot.items
    .filter((item: ContentItem) => safeUrl(item.video))
    .map((item) => {
      const captions = mediaAddress(item.documentPath, siteUrl);
      return node("VideoObject", {
        name: text(item.title),
        // Only the popup layout shows the description beside the video.
        description: options.layout === "popup" ? text(item.shortDesc) : undefined,
        thumbnailUrl: mediaAddress(item.image, siteUrl),
        contentUrl: mediaAddress(item.video, siteUrl),
        uploadDate: machineDate(item.date),
        // The block's <track kind="captions" srclang="en">: a WebVTT file.
        caption: captions ? { "@type": "MediaObject", contentUrl: captions, encodingFormat: "text/vtt", inLanguage: "en" } : undefined,
      });
    });
}

/** The page's structured data nodes, in page order; empty when it shows nothing structured data describes. */
export function structuredData({ page, slots, path, siteUrl, organization = siteOrganization }: StructuredDataInput): JsonLdNode[] {
  const context: Context = { page, path, siteUrl, canonical: absoluteUrl(path, siteUrl), publisher: publisherOf(organization) };
  const nodes: JsonLdNode[] = [];
  if (comparablePath(path) === comparablePath(pathTo("home"))) {
    nodes.push(node("WebSite", { name: siteName, url: absoluteUrl("/", siteUrl), publisher: context.publisher }));
  }
  for (const slot of slots) {
    const described = slot.block === "article-detail" ? articleDetail(slot, context) : slot.block === "thought-paper-download" ? thoughtPaper(slot, context) : null;
    if (described) nodes.push(described);
    if (slot.block === "video") nodes.push(...videos(slot, context));
  }
  return nodes;
}

/** The nodes as one JSON-LD document (a graph), or null when there are none. */
export function structuredDataDocument(nodes: readonly JsonLdNode[]): Record<string, unknown> | null {
  return nodes.length === 0 ? null : { "@context": "https://schema.org", "@graph": nodes };
}
