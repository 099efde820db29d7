/**
 * The filter language of layout slots: which of a page's items a block shows.
 * Tags are any-of and case-insensitive; a filter that names tags never keeps an untagged
 * item (CONTENT-API 8).
 *
 * The filter runs as named steps and counts what each step keeps, so the layout inspector
 * can say which rule left a slot empty from the very run that decided it.
 */
import { contentTypeCodes, type ContentItem, type ContentTypeName, type Page } from "../content/contract.ts";
import type { ItemFilter } from "./schemas.ts";

const normalize = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

/** A rule of the filter, named by its key in the layout (`type` also when the block's types apply). */
export type FilterStep = "type" | "tags" | "excludeTags" | "titleIn" | "titleExcludes" | "limit";

export interface Selection {
  items: ContentItem[];
  /** The page list the filter read. */
  from: "contents" | "carouselList";
  /** The items of that list, before any rule. */
  considered: number;
  /** The types the `type` step kept, or null when no type applied. */
  types: readonly ContentTypeName[] | null;
  /** Each rule that applied, in order, with how many items were left after it. */
  steps: { step: FilterStep; kept: number }[];
  /** The rule that left no item, with the items it was given; null when items remain or the list was empty. */
  emptiedBy: { step: FilterStep; given: ContentItem[] } | null;
}

/** `types` narrows a filter without its own `type` to the types the slot's block consumes. */
export function traceSelection(page: Page, filter: ItemFilter, types?: readonly ContentTypeName[]): Selection {
  const from = filter.from === "carouselList" ? "carouselList" : "contents";
  const source = page[from];
  const typeNames = filter.type === undefined ? (from === "carouselList" ? undefined : types) : [filter.type].flat();
  const typeCodes = typeNames === undefined ? null : new Set<number>(typeNames.map((name) => contentTypeCodes[name]));
  const anyTags = filter.tags ? new Set(filter.tags.map(normalize)) : null;
  const noTags = filter.excludeTags ? new Set(filter.excludeTags.map(normalize)) : null;
  const titles = filter.titleIn ? new Set(filter.titleIn.map(normalize)) : null;
  const titleExcludes = filter.titleExcludes ? filter.titleExcludes.map(normalize) : null;
  const tagsOf = (item: ContentItem) => item.tags.map(normalize);
  const titleOf = (item: ContentItem) => normalize(item.title ?? "");

  const rules: [FilterStep, ((item: ContentItem) => boolean) | null][] = [
    ["type", typeCodes && ((item) => item.type !== null && typeCodes.has(item.type))],
    ["tags", anyTags && ((item) => tagsOf(item).some((tag) => anyTags.has(tag)))],
    ["excludeTags", noTags && ((item) => !tagsOf(item).some((tag) => noTags.has(tag)))],
    ["titleIn", titles && ((item) => titles.has(titleOf(item)))],
    ["titleExcludes", titleExcludes && ((item) => !titleExcludes.some((part) => titleOf(item).includes(part)))],
  ];
  let items = source;
  let emptiedBy: Selection["emptiedBy"] = null;
  const steps: Selection["steps"] = [];
  for (const [step, keep] of rules) {
    if (!keep) continue;
    const given = items;
    items = items.filter(keep);
    if (given.length > 0 && items.length === 0) emptiedBy = { step, given };
    steps.push({ step, kept: items.length });
  }
  if (filter.limit !== undefined) {
    items = items.slice(0, filter.limit);
    steps.push({ step: "limit", kept: items.length });
  }
  return { items, from, considered: source.length, types: typeNames ?? null, steps, emptiedBy };
}

export function selectItems(page: Page, filter: ItemFilter, types?: readonly ContentTypeName[]): ContentItem[] {
  return traceSelection(page, filter, types).items;
}
