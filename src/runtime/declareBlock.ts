/**
 * How a block declares itself, in its own folder (`src/blocks/<name>/block.ts`): everything the
 * build, the layout checker, the editor schemas and the runtime need to know about it. The
 * registry file, the loader map and the JSON Schemas are generated from these declarations
 * (`npm run generate`), so a block is added in one folder.
 */
import type { ContentTypeName } from "../content/contract.ts";
import type { OptionsSchema } from "./slots.ts";

export interface BlockDeclaration<Name extends string = string, Options extends OptionsSchema = OptionsSchema> {
  /** The block's name in layouts: the same as its folder's. */
  name: Name;
  /** What the block shows, for layout authors (editor hints, `npm run inspect`). */
  description: string;
  /** Content types the block shows; empty when it reads page fields only and takes no `items`. */
  consumes: readonly ContentTypeName[];
  /** Above the fold: its code loads before the page shows (and before hydration). */
  critical: boolean;
  /**
   * A visitor can operate it beyond following links (state, handlers, sliders, forms, players).
   * A block that is not interactive needs no script in the browser once the server rendered it.
   */
  interactive: boolean;
  /**
   * Its code is asked for only when the visitor reaches into its section (a pointer or finger
   * down, keyboard focus), not as the section comes near: until then the server's HTML does the
   * block's job without code (a form posts without script). For a block whose code is large next
   * to what most visitors do with it. Only with `interactive` and not `critical`.
   */
  loadsWhenReached?: boolean;
  /** The options a slot of this block accepts. */
  options: Options;
  /** The module, beside this file, whose `block` export is the component (loaded on demand). */
  component: `${string}.tsx`;
}

export function declareBlock<const Name extends string, Options extends OptionsSchema>(
  declaration: BlockDeclaration<Name, Options>,
): BlockDeclaration<Name, Options> {
  return declaration;
}
