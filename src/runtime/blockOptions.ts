/**
 * A slot's options against its block's schema: checked once, by the page's loader (./pageData.ts:
 * on the server, and in the browser for a page it resolves itself), which hands the block the
 * outcome (`RenderSlot.resolved`). The server's helpers that read a block's options (its pictures,
 * its list's first results, structured data, a posted form, the inspector) check them here too.
 * zod comes with this module, so a block's code in the browser never loads it.
 */
import * as z from "zod/mini";
import type { RenderSlot, ResolvedOptions } from "./slots.ts";

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
