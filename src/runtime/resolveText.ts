/** What a TextSource (./textSource.ts) says for a page. */
import type { Page } from "../content/contract.ts";
import { resourceDefaults } from "./registry.ts";
import type { TextSource } from "./textSource.ts";

/** Resource text as the content service has it; undefined when neither the page nor the site has the key. */
export type TextLookup = (key: string) => string | undefined;

/** The text a source points at, or null when there is none (a page field that is empty, a resource with no default). */
export function resolveText(source: TextSource, page: Page, lookup: TextLookup): string | null {
  if ("field" in source) {
    const value = page[source.field];
    return value?.trim() ? value : null;
  }
  return lookup(source.resource) ?? source.default ?? resourceDefaults[source.resource] ?? null;
}

/** A resource source that shows nothing when the content service lacks its key: no default here, none built in. */
export function lacksDefault(source: TextSource): boolean {
  return !("field" in source) && source.default === undefined && resourceDefaults[source.resource] === undefined;
}
