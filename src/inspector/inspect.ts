/**
 * The layout inspector's facts about one page: the route, the page, the layout and every slot
 * with what it selected and, when it renders nothing, why. Slot decisions come from
 * pageSlots (the renderer's own resolution) and option outcomes from checkSlotOptions (the
 * blocks' own check); this module only adds them up and words them.
 */
import * as z from "zod/mini";
import { blockDeclarations } from "../blocks/declarations.generated.ts";
import { contentTypeName, type Page } from "../content/contract.ts";
import type { LayoutResolution, ResolvedLayout } from "../runtime/layout.ts";
import { layoutFileName } from "../runtime/layoutNames.ts";
import { formatPath, formatProblem } from "../runtime/problems.ts";
import type { TextLookup } from "../runtime/siteData.ts";
import { templateRegistry } from "../runtime/registry.ts";
import type { ItemFilter } from "../runtime/schemas.ts";
import { checkSlotOptions, pageSlots, type EmptyReason, type SlotInspection } from "../runtime/slots.ts";
import { distance, suggest } from "../runtime/suggest.ts";
import type { RouteFacts } from "./route.ts";

export type InspectorReason = EmptyReason | { kind: "options-invalid"; path: string; message: string };

export interface InspectedSlot extends Omit<SlotInspection, "reason"> {
  renders: boolean;
  reason: InspectorReason | null;
}

export interface PageInspection {
  route: RouteFacts;
  page: { id: number; name: string | null };
  /** Null when the service has no such page (id 0). */
  layout: { name: string; file: string; extends: string[]; problems: string[] } | null;
  slots: InspectedSlot[];
}

/** First issue of a failed options parse as a JSON path below the slot's options, and its message. */
function firstIssue(error: z.core.$ZodError): { path: string; message: string } {
  const issue = error.issues[0];
  return { path: formatPath(["options", ...(issue?.path ?? [])]), message: issue?.message ?? z.prettifyError(error) };
}

/** `layout` comes from the build (with its problems) in the CLI, or from the browser's resolved layouts in the dev overlay. */
export function inspectPage(route: RouteFacts, page: Page, layout: LayoutResolution | ResolvedLayout | null, text: TextLookup): PageInspection {
  const facts = { route, page: { id: page.id, name: page.name } };
  if (!layout) return { ...facts, layout: null, slots: [] };
  const { slots, inspection } = pageSlots(layout, page, text);
  const byId = new Map(slots.map((slot) => [slot.id, slot]));
  const inspected = inspection.map((entry): InspectedSlot => {
    const rendered = entry.reason === null ? byId.get(entry.id) : undefined;
    if (!rendered) return { ...entry, renders: false };
    const checked = checkSlotOptions(blockDeclarations[rendered.block].options, rendered);
    if (checked.outcome === "invalid") return { ...entry, renders: false, reason: { kind: "options-invalid", ...firstIssue(checked.error) } };
    if (checked.outcome === "fallback") {
      const { path, message } = firstIssue(checked.ignored);
      return { ...entry, renders: true, notes: [...entry.notes, `content options invalid at ${path} (${message}); the template's own options apply`] };
    }
    return { ...entry, renders: true };
  });
  return {
    ...facts,
    layout: { name: layout.name, file: layoutFileName(layout.name), extends: layout.extends ?? [], problems: ("problems" in layout ? layout.problems : []).map(formatProblem) },
    slots: inspected,
  };
}

const list = (values: readonly string[]) => values.join(", ");
const quoted = (values: readonly string[]) => values.map((value) => JSON.stringify(value)).join(" or ");
const ofType = (types: readonly string[] | null) => (types && types.length > 0 ? ` of type ${types.join(" or ")}` : "");
const itemCount = (n: number) => `${n} item${n === 1 ? "" : "s"}`;

/** The tags the content has, closest to the tags asked for first: likely typos come first. */
export function closestTags(inContent: readonly string[], wanted: readonly string[], count = 3): string[] {
  const score = (tag: string) => Math.min(...wanted.map((want) => distance(want.toLowerCase(), tag.toLowerCase())));
  return inContent
    .map((tag) => ({ tag, d: score(tag) }))
    .sort((a, b) => a.d - b.d || a.tag.localeCompare(b.tag))
    .slice(0, count)
    .map(({ tag }) => tag);
}

/** The reason in one line. */
export function describeReason(reason: InspectorReason): string {
  switch (reason.kind) {
    case "empty-list":
      return `the page's ${reason.from} list is empty`;
    case "no-items-of-type":
      return `no item${ofType(reason.types)} (the page's ${reason.from} has ${itemCount(reason.considered)} of other types)`;
    case "no-tag-match": {
      const closest = reason.tagsInContent.length > 0 ? `closest tags in the content: ${list(closestTags(reason.tagsInContent, reason.tags))}` : "they carry no tags";
      return `${itemCount(reason.ofType)}${ofType(reason.types)} but none with tag ${list(reason.tags)} (${closest})`;
    }
    case "filtered-out":
      switch (reason.step) {
        case "excludeTags":
          return `all ${itemCount(reason.given)}${ofType(reason.types)} carry an excluded tag (${list(reason.values)})`;
        case "titleIn":
          return `${itemCount(reason.given)}${ofType(reason.types)} but none titled ${quoted(reason.values)}`;
        case "titleExcludes":
          return `all ${itemCount(reason.given)}${ofType(reason.types)} have a title containing ${quoted(reason.values)}`;
      }
      break;
    case "placed-by-templates":
      return `all ${itemCount(reason.count)} already placed by template ${list(reason.templates)}`;
    case "unknown-template": {
      const guess = suggest(reason.templateName, Object.keys(templateRegistry));
      return `unknown template "${reason.templateName}"${guess ? ` (did you mean "${guess}"?)` : ""}`;
    }
    case "template-type-unsupported": {
      const type = reason.contentType === null ? "none" : (contentTypeName(reason.contentType) ?? String(reason.contentType));
      return `template "${reason.templateName}" shows ${reason.block}, which cannot show content type ${type}`;
    }
    case "no-templates":
      return "the page has no content templates";
    case "no-templates-slot":
      return 'the layout has no { "templates": true } slot, so this content template is not shown';
    case "options-invalid":
      return `options invalid at ${reason.path}: ${reason.message}`;
  }
}

/** The filter as a layout author would write it, with the block's own types when the slot gives none. */
export function describeFilter(filter: ItemFilter | null, types: readonly string[] | null): string {
  if (filter === null) return "none (reads page fields)";
  const parts: string[] = [];
  if (filter.from) parts.push(`from ${filter.from}`);
  if (filter.type !== undefined) parts.push(`type ${[filter.type].flat().join(", ")}`);
  else if (types && types.length > 0) parts.push(`type ${types.join(", ")} (the block's)`);
  if (filter.tags) parts.push(`tags ${list(filter.tags)}`);
  if (filter.excludeTags) parts.push(`excludeTags ${list(filter.excludeTags)}`);
  if (filter.titleIn) parts.push(`titleIn ${quoted(filter.titleIn)}`);
  if (filter.titleExcludes) parts.push(`titleExcludes ${quoted(filter.titleExcludes)}`);
  if (filter.limit !== undefined) parts.push(`limit ${filter.limit}`);
  return parts.length > 0 ? list(parts) : "all items";
}

export function describeSource(slot: InspectedSlot): string {
  const { source } = slot;
  if (source.kind === "layout") return `layout (${source.file} ${source.path})`;
  return `content template ${source.templateName}${source.tagName ? `, tag ${source.tagName}` : ""}`;
}

/** `24 in contents → type 6 → tags 3 → selected 3` */
export function describeSelection(slot: InspectedSlot): string | null {
  const { selection } = slot;
  if (!selection) return null;
  const steps = selection.steps.map(({ step, kept }) => `${step} ${kept}`);
  const placed = selection.placedByTemplates > 0 ? `, ${selection.placedByTemplates} placed by templates` : "";
  return [`${selection.considered} in ${selection.from}`, ...steps, `selected ${selection.selected}${placed}`].join(" → ");
}

/** The report `npm run inspect` prints. */
export function formatInspection(report: PageInspection): string {
  const { route, page, layout } = report;
  const lines = [
    `route   ${route.pattern}${route.redirectedFrom ? ` (redirected from ${route.redirectedFrom})` : ""}`,
    `page    asked ${JSON.stringify(route.request)} → id ${page.id}${page.name ? `, name ${JSON.stringify(page.name)}` : ""}`,
  ];
  if (!layout) {
    lines.push(`layout  none: the service has no such page, so the site ${route.missing === "home" ? "goes to /" : "shows not found"}`);
    return lines.join("\n");
  }
  const base = layout.extends.length > 0 ? `, extends ${layout.extends.map((name) => layoutFileName(name)).join(" → ")}` : "";
  lines.push(`layout  ${layout.file}${base}`);
  for (const problem of layout.problems) lines.push(`        problem: ${problem}`);
  const rendered = report.slots.filter((slot) => slot.renders).length;
  lines.push("", `slots (${report.slots.length}, ${rendered} render):`);
  report.slots.forEach((slot, index) => {
    const mark = slot.renders ? "✓" : "✗";
    lines.push(`${String(index + 1).padStart(3)}. ${mark} ${slot.id}  [${slot.block ?? "no block"}]  ${describeSource(slot)}`);
    if (slot.filter !== null || (slot.block !== null && slot.source.kind === "layout")) {
      lines.push(`        filter: ${describeFilter(slot.filter, slot.selection?.types ?? null)}`);
    }
    const selection = describeSelection(slot);
    if (selection) lines.push(`        items:  ${selection}`);
    for (const note of slot.notes) lines.push(`        note:   ${note}`);
    if (slot.reason) lines.push(`        renders nothing: ${describeReason(slot.reason)}`);
  });
  return lines.join("\n");
}
