/**
 * From a resolved layout and a Page to the slots that render: the page's
 * `conetentTemplates` are spliced in through registry/templates.json, every slot's items
 * are selected by its filter, and a slot that selects nothing is dropped (SPEC 2.3 item 3).
 *
 * Alongside the slots it returns an inspection of every slot, rendered or not, with the
 * reason a dropped one renders nothing: the layout inspector reads the decisions made here
 * instead of re-deriving them.
 *
 * Then each slot's options against its block's schema (checkSlotOptions, below): checked once, by
 * the page's loader (./loadPage.ts: on the server, and in the browser for a page it resolves
 * itself), which hands the block the outcome (`RenderSlot.resolved`). The server's helpers that
 * read a block's options (its pictures, its list's first results, structured data, a posted form,
 * the inspector) check them here too. zod comes with this module; a block's code imports its
 * types only, so a block's code in the browser never loads it.
 */
import * as z from "zod/mini";
import { contentTypeName, type ContentItem, type ContentTemplate, type ContentTypeName, type Page } from "../content/contract.ts";
import { traceSelection, type FilterStep, type Selection } from "./filter.ts";
import type { LayoutSlot, ResolvedLayout } from "./layout.ts";
import { blockRegistry, templateRegistry, type BlockName } from "./registry.ts";
import type { ItemFilter, SlotTitle } from "./schemas.ts";
import { resolveText, type TextLookup } from "./siteData.ts";

export interface RenderSlot {
  id: string;
  block: BlockName;
  /** Selected items; empty for blocks that read page fields only. */
  items: ContentItem[];
  /** Options as written (layout) or merged from the content (templates); the block validates them. */
  options: Record<string, unknown>;
  /** For template slots: the registry's options, used when the content's templateOptions are invalid. */
  fallbackOptions: Record<string, unknown> | null;
  /** The options checked against the block's schema by the page's loader (resolveSlotOptions): what the block renders with. */
  resolved?: ResolvedOptions;
  title: string | null;
  background: string | null;
  source: "layout" | "template";
  /** What the block's data loader returned for this slot on this page (see ./pageData.ts), if it has one. */
  data?: unknown;
  /**
   * Its block is above the fold (the registry's `critical`), decided by the page's loader
   * (./pageData.ts) for everyone: its code comes before hydration and it renders in the first pass.
   */
  aboveTheFold?: boolean;
}

/** A slot's options as its block reads them (parsed by its schema), or why they could not be. */
export type ResolvedOptions = { options: Record<string, unknown> } | { error: string };

/** Why a slot renders nothing, in terms a layout author can act on. */
export type EmptyReason =
  | { kind: "empty-list"; from: Selection["from"] }
  | { kind: "no-items-of-type"; types: readonly ContentTypeName[]; from: Selection["from"]; considered: number }
  | { kind: "no-tag-match"; ofType: number; types: readonly ContentTypeName[] | null; tags: string[]; tagsInContent: string[] }
  | { kind: "filtered-out"; step: Exclude<FilterStep, "type" | "tags" | "limit">; given: number; types: readonly ContentTypeName[] | null; values: string[] }
  | { kind: "placed-by-templates"; count: number; templates: string[] }
  | { kind: "unknown-template"; templateName: string }
  | { kind: "template-type-unsupported"; templateName: string; contentType: number | null; block: BlockName }
  | { kind: "no-templates" }
  | { kind: "no-templates-slot" };

export type SlotSource =
  | { kind: "layout"; file: string; path: string }
  | { kind: "template"; templateName: string; tagName: string | null; contentType: number | null };

/** One slot as the resolution saw it; `reason` is null when it renders. */
export interface SlotInspection {
  id: string;
  block: BlockName | null;
  source: SlotSource;
  /** The filter as applied (a template's is its type and tag); null for blocks that read page fields. */
  filter: ItemFilter | null;
  selection: (Omit<Selection, "items" | "emptiedBy"> & { selected: number; placedByTemplates: number }) | null;
  reason: EmptyReason | null;
  /** Things that did not stop the slot but change it (e.g. content options that are not JSON). */
  notes: string[];
}

export interface PageSlots {
  slots: RenderSlot[];
  problems: string[];
  /** Every slot in page order, including those that render nothing. */
  inspection: SlotInspection[];
}

/** The reason an empty selection is empty: the list itself, or the first rule that left nothing. */
function selectionReason(selection: Selection, filter: ItemFilter): EmptyReason {
  const { emptiedBy, types, from } = selection;
  if (!emptiedBy) return { kind: "empty-list", from };
  const given = emptiedBy.given.length;
  switch (emptiedBy.step) {
    case "type":
    case "limit":
      return { kind: "no-items-of-type", types: types ?? [], from, considered: selection.considered };
    case "tags": {
      const tags = filter.tags ?? [];
      const tagsInContent = [...new Set(emptiedBy.given.flatMap((item) => item.tags.map((tag) => tag.trim())).filter(Boolean))];
      return { kind: "no-tag-match", ofType: given, types, tags, tagsInContent };
    }
    case "excludeTags":
      return { kind: "filtered-out", step: "excludeTags", given, types, values: filter.excludeTags ?? [] };
    case "titleIn":
      return { kind: "filtered-out", step: "titleIn", given, types, values: filter.titleIn ?? [] };
    case "titleExcludes":
      return { kind: "filtered-out", step: "titleExcludes", given, types, values: filter.titleExcludes ?? [] };
  }
}

function selectionFacts(selection: Selection, placedByTemplates = 0): NonNullable<SlotInspection["selection"]> {
  const { items, emptiedBy: _emptiedBy, ...facts } = selection;
  return { ...facts, selected: items.length - placedByTemplates, placedByTemplates };
}

/** A slot's heading: a resource (the page's own, then the site's, then the default) or a page field. */
function titleText(title: SlotTitle | undefined, page: Page, text: TextLookup): string | null {
  return title ? resolveText(title, page, text) : null;
}

function parseTemplateOptions(raw: string | null): { options: Record<string, unknown>; problem?: string } {
  if (raw === null || raw.trim() === "") return { options: {} };
  try {
    const value: unknown = JSON.parse(raw);
    if (value !== null && typeof value === "object" && !Array.isArray(value)) return { options: value as Record<string, unknown> };
    return { options: {}, problem: "templateOptions is not a JSON object" };
  } catch {
    return { options: {}, problem: "templateOptions is not valid JSON" };
  }
}

const templateSource = (template: ContentTemplate): SlotSource => ({
  kind: "template",
  templateName: template.templateName,
  tagName: template.tagName,
  contentType: template.contentType,
});

/** The slots a page's content templates ask for, in their order; unknown templates are reported and skipped. */
export function templateSlots(templates: readonly ContentTemplate[], page: Page, text: TextLookup): PageSlots {
  const problems: string[] = [];
  const used = new Map<string, number>();
  const slots: RenderSlot[] = [];
  const inspection: SlotInspection[] = [];
  for (const template of templates) {
    const type = template.contentType === null ? undefined : contentTypeName(template.contentType);
    // Every template gets its own id, whether it renders or not, so the inspector's entry for a
    // section is never another template's: the nth template with the same name and tag is "-n".
    const baseId = `tpl-${template.templateName}-${template.tagName || (type ?? String(template.contentType))}`.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    const count = (used.get(baseId) ?? 0) + 1;
    used.set(baseId, count);
    const id = count === 1 ? baseId : `${baseId}-${count}`;
    const entry = Object.hasOwn(templateRegistry, template.templateName) ? templateRegistry[template.templateName] : undefined;
    const skipped = (block: BlockName | null, reason: EmptyReason, filter: ItemFilter | null = null, selection: SlotInspection["selection"] = null, notes: string[] = []) =>
      inspection.push({ id, block, source: templateSource(template), filter, selection, reason, notes });
    if (!entry) {
      problems.push(`unknown content template "${template.templateName}"`);
      skipped(null, { kind: "unknown-template", templateName: template.templateName });
      continue;
    }
    const consumes = blockRegistry[entry.block].consumes;
    if (type === undefined || !consumes.includes(type)) {
      problems.push(`template "${template.templateName}" cannot show content type ${String(template.contentType)}`);
      skipped(entry.block, { kind: "template-type-unsupported", templateName: template.templateName, contentType: template.contentType, block: entry.block });
      continue;
    }
    const { options, problem } = parseTemplateOptions(template.templateOptions);
    const notes = problem ? [`${problem}; the template's own options apply`] : [];
    if (problem) problems.push(`template "${template.templateName}": ${problem}`);
    const filter: ItemFilter = { type, ...(template.tagName ? { tags: [template.tagName] } : {}) };
    const selection = traceSelection(page, filter);
    const { items } = selection;
    if (items.length === 0) {
      skipped(entry.block, selectionReason(selection, filter), filter, selectionFacts(selection), notes);
      continue;
    }
    slots.push({
      id,
      block: entry.block,
      items,
      options: { ...entry.options, ...options },
      fallbackOptions: { ...entry.options },
      title: titleText(entry.title, page, text),
      background: null,
      source: "template",
    });
    inspection.push({ id, block: entry.block, source: templateSource(template), filter, selection: selectionFacts(selection), reason: null, notes });
  }
  return { slots, problems, inspection };
}

function blockSlot(
  slot: Extract<LayoutSlot, { kind: "block" }>,
  page: Page,
  text: TextLookup,
  placedBy: ReadonlyMap<string, string>,
): { rendered: RenderSlot | null; inspection: SlotInspection } {
  const consumes = blockRegistry[slot.block].consumes;
  const filter = consumes.length === 0 ? null : (slot.items ?? {});
  const selection = filter && traceSelection(page, filter, consumes);
  const placed = selection ? selection.items.filter((item) => placedBy.has(item.key)) : [];
  const items = selection ? selection.items.filter((item) => !placedBy.has(item.key)) : [];
  let reason: EmptyReason | null = null;
  if (selection && items.length === 0) {
    reason =
      selection.items.length === 0
        ? selectionReason(selection, slot.items ?? {})
        : { kind: "placed-by-templates", count: placed.length, templates: [...new Set(placed.map((item) => placedBy.get(item.key) ?? ""))] };
  }
  const inspection: SlotInspection = {
    id: slot.id,
    block: slot.block,
    source: { kind: "layout", ...slot.origin },
    filter,
    selection: selection && selectionFacts(selection, placed.length),
    reason,
    notes: [],
  };
  if (reason) return { rendered: null, inspection };
  const rendered: RenderSlot = {
    id: slot.id,
    block: slot.block,
    items,
    options: slot.options ?? {},
    fallbackOptions: null,
    title: titleText(slot.title, page, text),
    background: slot.background ? page[slot.background] : null,
    source: "layout",
  };
  return { rendered, inspection };
}

/**
 * Everything the renderer mounts for a page, top to bottom. An item that one of the page's
 * content templates places is not repeated by the layout's own sections: the editor chose
 * where it goes, and a page should not show the same card twice.
 */
export function pageSlots(layout: ResolvedLayout, page: Page, text: TextLookup): PageSlots {
  const hasTemplatesSlot = layout.slots.some((slot) => slot.kind === "templates");
  const templated = templateSlots(hasTemplatesSlot ? page.conetentTemplates : [], page, text);
  const placedBy = new Map<string, string>();
  for (const slot of templated.slots) {
    const source = templated.inspection.find((entry) => entry.reason === null && entry.id === slot.id)?.source;
    const by = source?.kind === "template" ? source.templateName : slot.id;
    for (const item of slot.items) if (!placedBy.has(item.key)) placedBy.set(item.key, by);
  }
  const problems: string[] = [...templated.problems];
  const slots: RenderSlot[] = [];
  const inspection: SlotInspection[] = [];
  for (const slot of layout.slots) {
    if (slot.kind === "templates") {
      slots.push(...templated.slots);
      inspection.push(...templated.inspection);
      if (page.conetentTemplates.length === 0) {
        inspection.push({ id: slot.id, block: null, source: { kind: "layout", ...slot.origin }, filter: null, selection: null, reason: { kind: "no-templates" }, notes: [] });
      }
    } else {
      const { rendered, inspection: entry } = blockSlot(slot, page, text, placedBy);
      if (rendered) slots.push(rendered);
      inspection.push(entry);
    }
  }
  if (!hasTemplatesSlot) {
    for (const template of page.conetentTemplates) {
      inspection.push({
        id: `tpl-${template.templateName}`.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
        block: null,
        source: templateSource(template),
        filter: null,
        selection: null,
        reason: { kind: "no-templates-slot" },
        notes: [],
      });
    }
  }
  return { slots, problems, inspection };
}

export type OptionsSchema = z.ZodMiniType<Record<string, unknown>, Record<string, unknown>>;

/** How a slot's options fare against its block's schema: used as given, replaced by the template's own, or invalid. */
export type OptionsCheck<T> =
  | { outcome: "valid"; options: T }
  | { outcome: "fallback"; options: T; ignored: z.core.$ZodError }
  | { outcome: "invalid"; error: z.core.$ZodError };

/**
 * Options written in a layout were checked by check:layouts; options that come from content
 * (templateOptions) fall back to the template's defaults when they do not validate, so bad
 * content costs its styling, not the section. The layout inspector reports the same outcome.
 */
export function checkSlotOptions<S extends OptionsSchema>(schema: S, slot: Pick<RenderSlot, "options" | "fallbackOptions">): OptionsCheck<z.output<S>> {
  const parsed = schema.safeParse(slot.options);
  if (parsed.success) return { outcome: "valid", options: parsed.data };
  if (slot.fallbackOptions) {
    const fallback = schema.safeParse(slot.fallbackOptions);
    if (fallback.success) return { outcome: "fallback", options: fallback.data, ignored: parsed.error };
  }
  return { outcome: "invalid", error: parsed.error };
}

/** The options the slot's block renders with, or why it cannot (the block shows its error in its place). */
export function resolveSlotOptions(schema: OptionsSchema, slot: RenderSlot): ResolvedOptions {
  const checked = checkSlotOptions(schema, slot);
  if (checked.outcome === "invalid") return { error: z.prettifyError(checked.error) };
  if (checked.outcome === "fallback") console.warn(`slot "${slot.id}": content options ignored: ${z.prettifyError(checked.ignored)}`);
  return { options: checked.options };
}
