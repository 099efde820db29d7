/**
 * The JSON registry, parsed when loaded: block names, content templates, routes and
 * resource defaults. A broken registry file fails here with file, path and message.
 */
import blocksFile from "../../registry/blocks.json" with { type: "json" };
import resourceDefaultsFile from "../../registry/resource-defaults.json" with { type: "json" };
import routesFile from "../../registry/routes.json" with { type: "json" };
import templatesFile from "../../registry/templates.json" with { type: "json" };
import { parseConfig } from "./problems.ts";
import {
  BlockRegistryFileSchema,
  ResourceDefaultsFileSchema,
  RoutesFileSchema,
  templateRegistryFileSchema,
} from "./schemas.ts";

/** Every block name, as written in registry/blocks.json: the component map must cover exactly these. */
export type BlockName = keyof typeof blocksFile.blocks;

export const blockRegistry = parseConfig("registry/blocks.json", BlockRegistryFileSchema, blocksFile)
  .blocks as Record<BlockName, ReturnType<typeof parseConfig<typeof BlockRegistryFileSchema>>["blocks"][string]>;

export const blockNames = Object.keys(blockRegistry) as [BlockName, ...BlockName[]];

export const templateRegistry = parseConfig(
  "registry/templates.json",
  templateRegistryFileSchema(blockNames),
  templatesFile,
).templates as Record<string, { block: BlockName; options?: Record<string, unknown>; title?: { resource: string; default?: string } }>;

export const routeTable = parseConfig("registry/routes.json", RoutesFileSchema, routesFile);

export const resourceDefaults: Readonly<Record<string, string>> = parseConfig(
  "registry/resource-defaults.json",
  ResourceDefaultsFileSchema,
  resourceDefaultsFile,
).defaults;

export function isBlockName(name: string): name is BlockName {
  return Object.hasOwn(blockRegistry, name);
}
