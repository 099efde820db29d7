/**
 * The contract between the runtime and a block. A block module pairs its options schema
 * with its component; the runtime hands it the slot's items and options and never looks
 * further inside.
 */
import { useMemo, type ComponentType } from "react";
import * as z from "zod/mini";
import type { ContentItem, Page } from "../content/contract.ts";
import type { RenderSlot } from "./slots.ts";

/** What every block component receives; `options` is typed by the block's own schema. */
export interface BlockProps<Options> {
  slotId: string;
  items: ContentItem[];
  options: Options;
  /** The section heading, already resolved from text resources. */
  title: string | null;
  /** A page image chosen by the layout as the section background. */
  background: string | null;
  page: Page;
  /** What the block's data loader returned for this slot (src/runtime/pageData.ts); undefined for blocks without one. */
  data: unknown;
}

/** Props the runtime passes to a mounted block, before its options are validated. */
export interface MountProps {
  slot: RenderSlot;
  page: Page;
}

export interface BlockDefinition {
  Component: ComponentType<MountProps>;
}

export class BlockOptionsError extends Error {
  constructor(slotId: string, detail: string) {
    super(`slot "${slotId}": invalid options: ${detail}`);
    this.name = "BlockOptionsError";
  }
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
export function checkSlotOptions<S extends OptionsSchema>(schema: S, slot: RenderSlot): OptionsCheck<z.output<S>> {
  const parsed = schema.safeParse(slot.options);
  if (parsed.success) return { outcome: "valid", options: parsed.data };
  if (slot.fallbackOptions) {
    const fallback = schema.safeParse(slot.fallbackOptions);
    if (fallback.success) return { outcome: "fallback", options: fallback.data, ignored: parsed.error };
  }
  return { outcome: "invalid", error: parsed.error };
}

function resolveOptions<S extends OptionsSchema>(schema: S, slot: RenderSlot): z.output<S> {
  const checked = checkSlotOptions(schema, slot);
  if (checked.outcome === "invalid") throw new BlockOptionsError(slot.id, z.prettifyError(checked.error));
  if (checked.outcome === "fallback") console.warn(`slot "${slot.id}": content options ignored: ${z.prettifyError(checked.ignored)}`);
  return checked.options;
}

export function defineBlock<S extends OptionsSchema>(
  options: S,
  Component: ComponentType<BlockProps<z.output<S>>>,
): BlockDefinition {
  function Mounted({ slot, page }: MountProps) {
    const parsed = useMemo(() => resolveOptions(options, slot), [slot]);
    return (
      <Component
        slotId={slot.id}
        items={slot.items}
        options={parsed}
        title={slot.title}
        background={slot.background}
        page={page}
        data={slot.data}
      />
    );
  }
  Mounted.displayName = `Block(${Component.displayName ?? Component.name})`;
  return { Component: Mounted };
}
