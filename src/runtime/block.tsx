/**
 * The contract between the runtime and a block. A block module pairs its name with its
 * component; the runtime hands it the slot's items and the options its page's loader resolved
 * against the block's schema (./slots.ts), and never looks further inside. A block's code
 * holds no schema: the browser hydrating a page loads no zod.
 */
import type { ComponentType } from "react";
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

/** Props the runtime passes to a mounted block. */
export interface MountProps {
  slot: RenderSlot;
  page: Page;
}

export interface BlockDefinition {
  /** The block's name in layouts (its folder's): whose options schema the slot was checked against. */
  name: string;
  Component: ComponentType<MountProps>;
}

export class BlockOptionsError extends Error {
  constructor(slotId: string, detail: string) {
    super(`slot "${slotId}": invalid options: ${detail}`);
    this.name = "BlockOptionsError";
  }
}

/**
 * `Options` is the output type of the block's schema (`z.output<typeof …Options>`, imported as a
 * type). The slot's options were parsed with that schema by the page's loader, which is why they
 * are read as `Options` here.
 */
export function defineBlock<Options>(name: string, Component: ComponentType<BlockProps<Options>>): BlockDefinition {
  function Mounted({ slot, page }: MountProps) {
    const { resolved } = slot;
    if (!resolved) throw new BlockOptionsError(slot.id, "they were not checked against the block's schema");
    if ("error" in resolved) throw new BlockOptionsError(slot.id, resolved.error);
    return (
      <Component
        slotId={slot.id}
        items={slot.items}
        options={resolved.options as Options}
        title={slot.title}
        background={slot.background}
        page={page}
        data={slot.data}
      />
    );
  }
  Mounted.displayName = `Block(${Component.displayName ?? Component.name})`;
  return { name, Component: Mounted };
}
