/**
 * Each block's options schema, by name: what the page's loader checks a slot's options against
 * (src/runtime/slots.ts). Loaded with the first page the browser resolves itself, not with
 * a block's code: a page the server rendered hydrates without zod.
 */
import type { BlockOptionSchemas } from "../runtime/context.tsx";
import type { OptionsSchema } from "../runtime/slots.ts";
import { blockNames, type BlockName } from "../runtime/registry.ts";
import { blockDeclarations } from "./declarations.generated.ts";

const schemaOf = (name: BlockName): OptionsSchema => blockDeclarations[name].options;

export const blockOptionSchemas = Object.fromEntries(blockNames.map((name) => [name, schemaOf(name)])) as BlockOptionSchemas;
