/**
 * The filter language of layouts (registry/layout.schema.json) said as plainly as possible.
 * Property tests hold the runtime's filter and rendered pages to it.
 */
import { contentTypeCodes, type ContentItem, type ContentTypeName } from "../src/content/contract.ts";
import type { ItemFilter } from "../src/runtime/schemas.ts";

const norm = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();

export function referenceFilter(items: ContentItem[], filter: ItemFilter, defaultTypes?: readonly ContentTypeName[]): ContentItem[] {
  const out: ContentItem[] = [];
  for (const item of items) {
    const types = filter.type !== undefined ? [filter.type].flat() : filter.from === "carouselList" ? undefined : defaultTypes;
    if (types && !types.some((t) => contentTypeCodes[t] === item.type)) continue;
    if (filter.tags && !item.tags.some((tag) => filter.tags?.some((wanted) => norm(wanted) === norm(tag)))) continue;
    if (filter.excludeTags && item.tags.some((tag) => filter.excludeTags?.some((unwanted) => norm(unwanted) === norm(tag)))) continue;
    if (filter.titleIn && !filter.titleIn.some((title) => norm(title) === norm(item.title ?? ""))) continue;
    if (filter.titleExcludes && filter.titleExcludes.some((part) => norm(item.title ?? "").includes(norm(part)))) continue;
    out.push(item);
  }
  return filter.limit === undefined ? out : out.slice(0, filter.limit);
}

export const tagMatches = (filterTags: readonly string[], itemTags: readonly string[]) => itemTags.some((t) => filterTags.some((w) => norm(w) === norm(t)));
