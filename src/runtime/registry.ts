/**
 * The JSON registry: block names (generated from the block folders), content templates, routes
 * and resource defaults.
 *
 * These files are validated when the build loads them, by check:layouts and by the tests
 * (src/build/siteConfig.ts, with the schemas of ./schemas.ts); a problem fails the build with
 * file, path and message. The browser therefore reads them as typed data without shipping
 * the validator.
 */
import blocksFile from "../../registry/blocks.json" with { type: "json" };
import resourceDefaultsFile from "../../registry/resource-defaults.json" with { type: "json" };
import routesFile from "../../registry/routes.json" with { type: "json" };
import templatesFile from "../../registry/templates.json" with { type: "json" };
import type { BlockRegistryFile, RoutesFile, TemplateRegistryFile } from "./schemas.ts";

/** Every block name: a folder under src/blocks/, listed in the generated registry/blocks.json. */
export type BlockName = keyof typeof blocksFile.blocks;

export type BlockEntry = BlockRegistryFile["blocks"][string];
export type TemplateEntry = Omit<TemplateRegistryFile["templates"][string], "block"> & { block: BlockName };

export const blockRegistry = blocksFile.blocks as Record<BlockName, BlockEntry>;
export const blockNames = Object.keys(blockRegistry) as [BlockName, ...BlockName[]];
export const templateRegistry = templatesFile.templates as Record<string, TemplateEntry>;
export const routeTable = routesFile as RoutesFile;
export const resourceDefaults: Readonly<Record<string, string>> = resourceDefaultsFile.defaults;

/** Whether a block's code waits for the visitor to reach into its section (registry `loadsWhenReached`), not loaded with the page. */
export const waitsForVisitor = (block: BlockName): boolean => blockRegistry[block].loadsWhenReached === true;

export function isBlockName(name: string): name is BlockName {
  return Object.hasOwn(blockRegistry, name);
}
