/**
 * Tags live in the content, not in registry/ or layouts/: a slot filtering on a tag no content
 * carries passes every schema check and renders nothing. `npm run check:layouts` warns about
 * such a slot (it does not fail: the real content service may carry the tag) when its filter
 * selects no item on any fixture page, and lists the tags the fixtures do have.
 */
import { blockRegistry } from "../../src/runtime/registry.ts";
import { selectItems } from "../../src/runtime/filter.ts";
import type { ResolvedLayout } from "../../src/runtime/layout.ts";
import type { ConfigProblem } from "../../src/runtime/problems.ts";
import { distance } from "../../src/runtime/suggest.ts";
import type { Page } from "../../src/content/contract.ts";

/** The tags the content has, closest to the ones asked for first (likely typos lead). */
function closest(tags: readonly string[], wanted: readonly string[]): string[] {
  const score = (tag: string) => Math.min(...wanted.map((want) => distance(want.toLowerCase(), tag.toLowerCase())));
  return [...tags].sort((a, b) => score(a) - score(b) || a.localeCompare(b));
}

/** A warning for every tag-filtered slot of `layouts` that selects no item on any of `pages`. */
export function unmatchedTagFilters(layouts: readonly ResolvedLayout[], pages: readonly Page[]): ConfigProblem[] {
  const items = pages.flatMap((page) => [...page.contents, ...page.carouselList]);
  const allTags = [...new Set(items.flatMap((item) => item.tags))];
  const seen = new Set<string>();
  return layouts.flatMap((layout) =>
    layout.slots.flatMap((slot): ConfigProblem[] => {
      const wanted = slot.kind === "block" ? slot.items?.tags : undefined;
      if (slot.kind !== "block" || !slot.items || !wanted || wanted.length === 0) return [];
      // A slot a layout inherits is reported once, where it was written.
      const where = `${slot.origin.file}:${slot.origin.path}`;
      if (seen.has(where)) return [];
      seen.add(where);
      const filter = slot.items;
      const consumes = blockRegistry[slot.block].consumes;
      if (pages.some((page) => selectItems(page, filter, consumes).length > 0)) return [];
      const shown = closest(allTags, wanted);
      const list = shown.length > 12 ? `${shown.slice(0, 12).join(", ")}, … (${shown.length} in all)` : shown.join(", ");
      return [
        {
          file: slot.origin.file,
          path: `${slot.origin.path}.items.tags`,
          message: `selects no item on any fixture page (tags ${wanted.map((tag) => JSON.stringify(tag)).join(", ")}${filter.type ? ` with type ${[filter.type].flat().join(" or ")}` : ""}); the tags fixture items carry: ${list || "none"}`,
        },
      ];
    }),
  );
}
