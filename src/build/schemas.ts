/**
 * The JSON Schemas of registry/ and layouts/ files, generated from the same zod schemas the
 * runtime parses with, so editor autocompletion and validation never drift apart.
 */
import * as z from "zod/mini";
import { blockOptions } from "../blocks/options.ts";
import { heroVariants } from "../blocks/hero/options.ts";
import { blockNames, blockRegistry } from "../runtime/registry.ts";
import {
  BlockRegistryFileSchema,
  ResourceDefaultsFileSchema,
  RoutesFileSchema,
  layoutFileSchema,
  templateRegistryFileSchema,
} from "../runtime/schemas.ts";

type JsonSchema = Record<string, unknown>;

const toJson = (schema: z.ZodMiniType): JsonSchema => z.toJSONSchema(schema, { io: "input", target: "draft-7" });

/** Block names with their descriptions, so the editor explains each choice. */
const blockChoice = (): JsonSchema => ({
  anyOf: blockNames.map((name) => ({ const: name, description: blockRegistry[name].description })),
  description: "The registered block to mount (registry/blocks.json).",
});

/** For each block, the `options` it accepts. */
const optionsByBlock = (): JsonSchema[] =>
  blockNames.map((name) => {
    const { $schema: _drop, ...options } = toJson(blockOptions[name]);
    return { if: { properties: { block: { const: name } }, required: ["block"] }, then: { properties: { options } } };
  });

function layoutSchema(): JsonSchema {
  const schema = toJson(layoutFileSchema(blockNames));
  const properties = schema.properties as Record<string, JsonSchema>;
  const slots = properties.slots as JsonSchema;
  const slot = slots.items as JsonSchema;
  (slot.properties as Record<string, JsonSchema>).block = blockChoice();
  slot.allOf = optionsByBlock();
  return { ...schema, title: "Page layout", description: "A page layout: ordered slots, each a block and the items it shows." };
}

function templatesSchema(): JsonSchema {
  const schema = toJson(templateRegistryFileSchema(blockNames));
  const templates = (schema.properties as Record<string, JsonSchema>).templates as JsonSchema;
  const entry = templates.additionalProperties as JsonSchema;
  (entry.properties as Record<string, JsonSchema>).block = blockChoice();
  entry.allOf = optionsByBlock();
  return { ...schema, title: "Content templates", description: "Content template names (a page's conetentTemplates) mapped to blocks." };
}

function routesSchema(): JsonSchema {
  const schema = toJson(RoutesFileSchema);
  const routes = (schema.properties as Record<string, JsonSchema>).routes as JsonSchema;
  const route = routes.items as JsonSchema;
  const routeProps = route.properties as Record<string, JsonSchema>;
  routeProps.hero = { ...routeProps.hero, enum: [...heroVariants] };
  return { ...schema, title: "Route table", description: "Routes of the site: path to page name, layout and hero variant." };
}

/** File name under registry/ -> JSON Schema. */
export function generateSchemas(): Record<string, JsonSchema> {
  return {
    "blocks.schema.json": { ...toJson(BlockRegistryFileSchema), title: "Block registry" },
    "templates.schema.json": templatesSchema(),
    "routes.schema.json": routesSchema(),
    "resource-defaults.schema.json": { ...toJson(ResourceDefaultsFileSchema), title: "Resource defaults" },
    "layout.schema.json": layoutSchema(),
  };
}

export const serializeSchema = (schema: JsonSchema) => `${JSON.stringify(schema, null, 2)}\n`;
