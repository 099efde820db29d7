/**
 * The filter language of layout slots: which of a page's items a block shows.
 * Tags are any-of and case-insensitive; a filter that names tags never keeps an untagged
 * item (CONTENT-API 8).
 */
import { contentTypeCodes, type ContentItem, type ContentTypeName, type Page } from "../content/contract.ts";
import type { ItemFilter } from "./schemas.ts";

const normalize = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

/** `types` narrows a filter without its own `type` to the types the slot's block consumes. */
export function selectItems(page: Page, filter: ItemFilter, types?: readonly ContentTypeName[]): ContentItem[] {
  const source = filter.from === "carouselList" ? page.carouselList : page.contents;
  const typeNames = filter.type === undefined ? (filter.from === "carouselList" ? undefined : types) : [filter.type].flat();
  const typeCodes = typeNames === undefined ? null : new Set<number>(typeNames.map((name) => contentTypeCodes[name]));
  const anyTags = filter.tags ? new Set(filter.tags.map(normalize)) : null;
  const noTags = new Set((filter.excludeTags ?? []).map(normalize));
  const titles = filter.titleIn ? new Set(filter.titleIn.map(normalize)) : null;
  const titleExcludes = (filter.titleExcludes ?? []).map(normalize);

  const selected = source.filter((item) => {
    if (typeCodes && (item.type === null || !typeCodes.has(item.type))) return false;
    const itemTags = item.tags.map(normalize);
    if (anyTags && !itemTags.some((tag) => anyTags.has(tag))) return false;
    if (itemTags.some((tag) => noTags.has(tag))) return false;
    const title = normalize(item.title ?? "");
    if (titles && !titles.has(title)) return false;
    if (titleExcludes.some((part) => title.includes(part))) return false;
    return true;
  });
  return filter.limit === undefined ? selected : selected.slice(0, filter.limit);
}
