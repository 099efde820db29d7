/**
 * From a resolved layout and a Page to the slots that render: the page's
 * `conetentTemplates` are spliced in through registry/templates.json, every slot's items
 * are selected by its filter, and a slot that selects nothing is dropped (SPEC 2.3 item 3).
 */
import { contentTypeName, type ContentItem, type ContentTemplate, type Page } from "../content/contract.ts";
import { selectItems } from "./filter.ts";
import type { LayoutSlot, ResolvedLayout } from "./layout.ts";
import { blockRegistry, templateRegistry, type BlockName } from "./registry.ts";
import type { SlotTitle } from "./schemas.ts";
import { resolveText, type TextLookup } from "./resolveText.ts";

export interface RenderSlot {
  id: string;
  block: BlockName;
  /** Selected items; empty for blocks that read page fields only. */
  items: ContentItem[];
  /** Options as written (layout) or merged from the content (templates); the block validates them. */
  options: Record<string, unknown>;
  /** For template slots: the registry's options, used when the content's templateOptions are invalid. */
  fallbackOptions: Record<string, unknown> | null;
  title: string | null;
  background: string | null;
  source: "layout" | "template";
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

/** The slots a page's content templates ask for, in their order; unknown templates are reported and skipped. */
export function templateSlots(
  templates: readonly ContentTemplate[],
  page: Page,
  text: TextLookup,
): { slots: RenderSlot[]; problems: string[] } {
  const problems: string[] = [];
  const used = new Map<string, number>();
  const slots: RenderSlot[] = [];
  for (const template of templates) {
    const entry = Object.hasOwn(templateRegistry, template.templateName) ? templateRegistry[template.templateName] : undefined;
    if (!entry) {
      problems.push(`unknown content template "${template.templateName}"`);
      continue;
    }
    const type = template.contentType === null ? undefined : contentTypeName(template.contentType);
    const consumes = blockRegistry[entry.block].consumes;
    if (type === undefined || !consumes.includes(type)) {
      problems.push(`template "${template.templateName}" cannot show content type ${String(template.contentType)}`);
      continue;
    }
    const { options, problem } = parseTemplateOptions(template.templateOptions);
    if (problem) problems.push(`template "${template.templateName}": ${problem}`);
    const items = selectItems(page, { type, ...(template.tagName ? { tags: [template.tagName] } : {}) });
    if (items.length === 0) continue;
    const baseId = `tpl-${template.templateName}-${template.tagName ?? type}`.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    const count = (used.get(baseId) ?? 0) + 1;
    used.set(baseId, count);
    slots.push({
      id: count === 1 ? baseId : `${baseId}-${count}`,
      block: entry.block,
      items,
      options: { ...entry.options, ...options },
      fallbackOptions: { ...entry.options },
      title: titleText(entry.title, page, text),
      background: null,
      source: "template",
    });
  }
  return { slots, problems };
}

function blockSlot(slot: Extract<LayoutSlot, { kind: "block" }>, page: Page, text: TextLookup, placed: ReadonlySet<string>): RenderSlot | null {
  const consumes = blockRegistry[slot.block].consumes;
  const items = consumes.length === 0 ? [] : selectItems(page, slot.items ?? {}, consumes).filter((item) => !placed.has(item.key));
  if (consumes.length > 0 && items.length === 0) return null;
  return {
    id: slot.id,
    block: slot.block,
    items,
    options: slot.options ?? {},
    fallbackOptions: null,
    title: titleText(slot.title, page, text),
    background: slot.background ? page[slot.background] : null,
    source: "layout",
  };
}

/**
 * Everything the renderer mounts for a page, top to bottom. An item that one of the page's
 * content templates places is not repeated by the layout's own sections: the editor chose
 * where it goes, and a page should not show the same card twice.
 */
export function pageSlots(layout: ResolvedLayout, page: Page, text: TextLookup): { slots: RenderSlot[]; problems: string[] } {
  const templated = layout.slots.some((slot) => slot.kind === "templates")
    ? templateSlots(page.conetentTemplates, page, text)
    : { slots: [], problems: [] };
  const placed = new Set(templated.slots.flatMap((slot) => slot.items.map((item) => item.key)));
  const problems: string[] = [...templated.problems];
  const slots: RenderSlot[] = [];
  for (const slot of layout.slots) {
    if (slot.kind === "templates") {
      slots.push(...templated.slots);
    } else {
      const rendered = blockSlot(slot, page, text, placed);
      if (rendered) slots.push(rendered);
    }
  }
  return { slots, problems };
}
