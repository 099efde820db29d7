/**
 * Layout resolution: a page name becomes the ordered slots of its layout file, following
 * `extends` (base slots, patched, removed or extended by the page's own entries), and each
 * slot is checked against the block registry. It runs when the site is built (and in the dev
 * server), never in the browser: src/build/siteConfig.ts collects every problem, and a layout
 * with any problem does not build, so the browser only ever receives `ResolvedLayout`s.
 */
import { defaultLayoutName, layoutCandidates, layoutFileName } from "./layoutNames.ts";
import { blockNames, blockRegistry, isBlockName, resourceDefaults, type BlockName } from "./registry.ts";
import { formatPath, reportInput, zodProblems, type ConfigProblem } from "./problems.ts";
import { suggest } from "./suggest.ts";
import { layoutFileSchema, slotSchema, type ItemFilter, type LayoutFile, type SlotEntry, type SlotTitle } from "./schemas.ts";
import * as z from "zod/mini";
import type { PageImageField } from "../content/contract.ts";
import { defaultLayoutSettings, type LayoutSettings } from "./layoutSettings.ts";
import type { TextSource } from "./textSource.ts";

/** Raw JSON of a layout file by name, or undefined when there is no such file. */
export type LayoutSource = (name: string) => Promise<unknown>;

interface SlotCommon {
  id: string;
  title?: SlotTitle | undefined;
  background?: PageImageField | undefined;
  /** Where the slot (or its last patch) was written, for messages. */
  origin: { file: string; path: string };
}

export interface BlockSlot extends SlotCommon {
  kind: "block";
  block: BlockName;
  items?: ItemFilter | undefined;
  options?: Record<string, unknown> | undefined;
}

export interface TemplatesSlot extends SlotCommon {
  kind: "templates";
}

export type LayoutSlot = BlockSlot | TemplatesSlot;

/** A layout as the browser receives it: resolved and free of problems. */
export interface ResolvedLayout {
  /** The layout file actually used (the page name, or `default`). */
  name: string;
  slots: LayoutSlot[];
  settings: LayoutSettings;
  /** The layouts it extends, nearest first (for the layout inspector). */
  extends?: string[];
}

/** A layout as the build resolves it, with what is wrong with it. */
export interface LayoutResolution extends ResolvedLayout {
  problems: ConfigProblem[];
}


const layoutSchema = layoutFileSchema(blockNames);
const entrySchema = slotSchema(blockNames);
/** The file without its slots, which are parsed one by one so one bad slot does not hide the others' problems. */
const envelopeSchema = z.extend(layoutSchema, { slots: z.array(z.unknown()) });

/** Slots in their written form, before `kind` is decided, while `extends` is applied. */
type Draft = Omit<SlotEntry, "after" | "before" | "remove"> & { origin: SlotCommon["origin"] };

interface Collected {
  slots: Draft[];
  settings: LayoutSettings;
  lineage: string[];
  /** A layout it extends (at any depth) names a base there is not: its slots are not worked out. */
  baseMissing?: true;
}

/** A layout's own settings over its base's: a key the layout gives wins, a key it leaves out is inherited. */
function mergeSettings(base: LayoutSettings, own: Pick<LayoutFile, keyof LayoutSettings>): LayoutSettings {
  return {
    refreshAfterLoad: own.refreshAfterLoad ?? base.refreshAfterLoad,
    pinnedBackground: own.pinnedBackground === undefined ? base.pinnedBackground : own.pinnedBackground,
  };
}

/** `known`: the layout names there are, for "did you mean" on an `extends` to none of them. */
async function collect(name: string, source: LayoutSource, chain: string[], problems: ConfigProblem[], known: readonly string[]): Promise<Collected | null> {
  const file = layoutFileName(name);
  const raw = await source(name);
  if (raw === undefined) return null;
  const parsed = envelopeSchema.safeParse(raw, reportInput);
  if (!parsed.success) {
    problems.push(...zodProblems(file, layoutSchema, parsed.error));
    return { slots: [], settings: defaultLayoutSettings, lineage: [] };
  }
  const layout = parsed.data;
  const at = (index: number, key?: string) => formatPath(key ? ["slots", index, key] : ["slots", index]);
  /** Ids of this file's slots that are themselves wrong: a slot placed next to one is not a second problem. */
  const unreadIds = new Set<string>();
  const entries = layout.slots.flatMap((raw, index): { entry: SlotEntry; index: number }[] => {
    const entry = entrySchema.safeParse(raw, reportInput);
    if (entry.success) return [{ entry: entry.data, index }];
    problems.push(...zodProblems(file, layoutSchema, entry.error, ["slots", index]));
    const id: unknown = typeof raw === "object" && raw !== null && "id" in raw ? raw.id : undefined;
    if (typeof id === "string") unreadIds.add(id);
    return [];
  });

  let slots: Draft[] = [];
  let baseSettings = defaultLayoutSettings;
  let lineage: string[] = [];
  if (layout.extends !== undefined) {
    if (chain.includes(layout.extends) || layout.extends === name) {
      problems.push({ file, path: "extends", message: `layouts extend each other in a loop: ${[...chain, name, layout.extends].join(" -> ")}` });
    } else {
      const base = await collect(layout.extends, source, [...chain, name], problems, known);
      if (base === null) {
        const guess = suggest(layout.extends, known.filter((other) => other !== name));
        problems.push({ file, path: "extends", message: `no layout file ${layoutFileName(layout.extends)}${guess ? ` (did you mean "${guess}"?)` : ""}` });
        // Its slots patch a base there is not: every one of them would be a problem of this one.
        return { slots: [], settings: defaultLayoutSettings, lineage: [layout.extends], baseMissing: true };
      }
      // The same for a layout that extends it: the one problem is where the missing name is written.
      if (base.baseMissing) return { ...base, lineage: [layout.extends, ...base.lineage] };
      ({ slots, settings: baseSettings } = base);
      lineage = [layout.extends, ...base.lineage];
    }
  }

  const seen = new Set<string>();
  entries.forEach(({ entry, index }) => {
    const { after, before, remove, ...fields } = entry;
    const origin = { file, path: at(index) };
    if (seen.has(entry.id)) {
      problems.push({ file, path: at(index, "id"), message: `slot id "${entry.id}" is used twice in this file` });
      return;
    }
    seen.add(entry.id);
    if (layout.extends === undefined) {
      for (const [key, value] of Object.entries({ after, before, remove })) {
        if (value !== undefined) problems.push({ file, path: at(index, key), message: `"${key}" only applies in a layout that "extends" another` });
      }
    }
    if (after !== undefined && before !== undefined) {
      problems.push({ file, path: at(index), message: `give "after" or "before", not both` });
    }
    const existing = slots.findIndex((slot) => slot.id === entry.id);
    if (remove) {
      if (existing === -1) problems.push({ file, path: at(index, "id"), message: `no slot "${entry.id}" in the base layout to remove` });
      else slots.splice(existing, 1);
      return;
    }
    let draft: Draft;
    if (existing !== -1) {
      const base = slots[existing] as Draft;
      slots.splice(existing, 1);
      draft = {
        ...base,
        ...fields,
        ...(base.items || fields.items ? { items: { ...base.items, ...fields.items } } : {}),
        ...(base.options || fields.options ? { options: { ...base.options, ...fields.options } } : {}),
        origin,
      };
      if (after === undefined && before === undefined) {
        slots.splice(existing, 0, draft);
        return;
      }
    } else {
      draft = { ...fields, origin };
    }
    const anchorId = after ?? before;
    if (anchorId === undefined) {
      slots.push(draft);
      return;
    }
    const anchor = slots.findIndex((slot) => slot.id === anchorId);
    if (anchor === -1) {
      if (!unreadIds.has(anchorId)) problems.push({ file, path: at(index, after !== undefined ? "after" : "before"), message: `no slot "${anchorId}" to place this slot next to` });
      slots.push(draft);
    } else {
      slots.splice(after !== undefined ? anchor + 1 : anchor, 0, draft);
    }
  });
  return { slots, settings: mergeSettings(baseSettings, layout), lineage };
}

/** A resource source that shows nothing when the content service lacks its key (resolveText, ./siteData.ts): no default here, none built in. */
function lacksDefault(source: TextSource): boolean {
  return !("field" in source) && source.default === undefined && resourceDefaults[source.resource] === undefined;
}

/** Checks one resolved slot against the registry; returns the slot, or null when it cannot be mounted. */
function finish(draft: Draft, problems: ConfigProblem[]): LayoutSlot | null {
  const { file, path } = draft.origin;
  const report = (key: string, message: string) => problems.push({ file, path: path === "" ? key : `${path}.${key}`, message });
  const common = {
    id: draft.id,
    origin: draft.origin,
    ...(draft.title ? { title: draft.title } : {}),
    ...(draft.background ? { background: draft.background } : {}),
  };
  if (draft.title && lacksDefault(draft.title) && "resource" in draft.title) {
    report("title.resource", `"${draft.title.resource}" has no default text: add "default" here or an entry in registry/resource-defaults.json`);
  }
  if (draft.templates) {
    if (draft.block !== undefined) report("templates", `a slot is either a "block" or "templates", not both`);
    return { ...common, kind: "templates" };
  }
  if (draft.block === undefined || !isBlockName(draft.block)) {
    report("block", `slot "${draft.id}" names no block (give "block", or "templates": true)`);
    return null;
  }
  const consumes = blockRegistry[draft.block].consumes;
  if (consumes.length === 0 && draft.items !== undefined) {
    report("items", `block "${draft.block}" shows page fields, not items: remove "items"`);
    return null;
  }
  const types = draft.items?.type === undefined ? [] : [draft.items.type].flat();
  const foreign = types.filter((type) => !consumes.includes(type));
  if (foreign.length > 0) {
    report("items.type", `block "${draft.block}" shows ${consumes.join(", ")}, not ${foreign.join(", ")}`);
    return null;
  }
  return { ...common, kind: "block", block: draft.block, items: draft.items, options: draft.options };
}

/** The layout of a page: the first of its `layoutCandidates` that has a file. `known`: the layout names there are (for "did you mean"). */
export async function resolveLayout(name: string, source: LayoutSource, known: readonly string[] = []): Promise<LayoutResolution> {
  const problems: ConfigProblem[] = [];
  for (const candidate of layoutCandidates(name)) {
    const collected = await collect(candidate, source, [], problems, known);
    if (collected === null) continue;
    const slots = collected.slots.flatMap((draft) => finish(draft, problems) ?? []);
    return { name: candidate, slots, settings: collected.settings, problems, extends: collected.lineage };
  }
  problems.push({ file: layoutFileName(defaultLayoutName), path: "", message: "the default layout is missing" });
  return { name: defaultLayoutName, slots: [], settings: defaultLayoutSettings, problems, extends: [] };
}
