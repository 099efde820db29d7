/**
 * What a fixture page file may hold, derived from the content contract (src/content/contract.ts)
 * so it follows the contract as it changes. The contract reads anything (a bad field becomes
 * null); a fixture file is written by hand, so here every field must have the type the contract
 * expects and every key must be one it knows (a misspelt key is a mistake, not tolerance).
 * `npm run check:fixtures` checks with it, `npm run generate` writes it as a JSON Schema for
 * editors (fixtures/page.schema.json), and the property tests generate pages from its shape.
 */
import * as z from "zod/mini";
import { PageSchema, listEntries } from "../content/contract.ts";

/** A schema's structure, as the contract's input side declares it. */
export type SchemaShape =
  | { kind: "string" | "number" | "boolean" | "null" | "unknown" }
  | { kind: "integer"; min: number }
  | { kind: "nullable"; inner: SchemaShape }
  | { kind: "array"; element: SchemaShape }
  | { kind: "union"; options: SchemaShape[] }
  | { kind: "record"; value: SchemaShape }
  | { kind: "object"; fields: Record<string, { shape: SchemaShape; required: boolean }> };

interface SchemaDef {
  type: string;
  shape?: Record<string, z.ZodMiniType>;
  innerType?: z.ZodMiniType;
  element?: z.ZodMiniType;
  in?: z.ZodMiniType;
  options?: z.ZodMiniType[];
  valueType?: z.ZodMiniType;
}

const defOf = (schema: z.ZodMiniType) => (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the contract's ${what} schema has no inner schema`);
  return value;
}

/** The input side of a contract schema: what the service may send, before the contract's tolerance. */
export function shapeOf(schema: z.ZodMiniType): SchemaShape {
  const def = defOf(schema);
  switch (def.type) {
    case "catch": {
      const entry = listEntries.get(schema);
      return entry ? { kind: "nullable", inner: { kind: "array", element: shapeOf(entry) } } : shapeOf(required(def.innerType, "catch"));
    }
    case "pipe":
      return shapeOf(required(def.in, "pipe"));
    case "nullable":
      return { kind: "nullable", inner: shapeOf(required(def.innerType, "nullable")) };
    case "array":
      return { kind: "array", element: shapeOf(required(def.element, "array")) };
    case "union":
      return { kind: "union", options: required(def.options, "union").map(shapeOf) };
    case "record":
      return { kind: "record", value: shapeOf(required(def.valueType, "record")) };
    case "object":
      // Any field of the contract may be missing.
      return { kind: "object", fields: Object.fromEntries(Object.entries(def.shape ?? {}).map(([key, field]) => [key, { shape: shapeOf(field), required: false }])) };
    case "string":
    case "number":
    case "boolean":
    case "null":
    case "unknown":
      return { kind: def.type };
    default:
      throw new Error(`the contract uses a "${def.type}" schema, which src/build/fixturePageSchema.ts does not read yet`);
  }
}

/** The strict zod schema of a shape: types as declared, no unknown keys. */
export function schemaOf(shape: SchemaShape): z.ZodMiniType {
  switch (shape.kind) {
    case "string":
      return z.string();
    case "number":
      return z.number();
    case "integer":
      return z.int().check(z.minimum(shape.min));
    case "boolean":
      return z.boolean();
    case "null":
      return z.null();
    case "unknown":
      return z.unknown();
    case "nullable":
      return z.nullable(schemaOf(shape.inner));
    case "array":
      return z.array(schemaOf(shape.element));
    case "union":
      return z.union(shape.options.map(schemaOf));
    case "record":
      return z.record(z.string(), schemaOf(shape.value));
    case "object":
      return z.strictObject(Object.fromEntries(Object.entries(shape.fields).map(([key, field]) => [key, field.required ? schemaOf(field.shape) : z.optional(schemaOf(field.shape))])));
  }
}

/** The JSON Schema path a fixture page file points its editor at (from fixtures/pages/). */
export const fixtureSchemaReference = "../page.schema.json";
export const fixtureSchemaFile = "fixtures/page.schema.json";

function pageShape(): Extract<SchemaShape, { kind: "object" }> {
  const page = shapeOf(PageSchema);
  if (page.kind !== "object") throw new Error("the contract's Page is not an object");
  return {
    kind: "object",
    fields: {
      $schema: { shape: { kind: "string" }, required: false },
      ...page.fields,
      // The service finds a fixture page by its file's name, and id 0 means "no such page" (CONTENT-API 2).
      id: { shape: { kind: "integer", min: 1 }, required: true },
      name: { shape: { kind: "string" }, required: true },
    },
  };
}

/** A fixture page file's shape: the contract's Page, with `id` (a positive integer) and `name` required. */
export const fixturePageShape = pageShape();
export const fixturePageSchema = schemaOf(fixturePageShape);

/** fixtures/page.schema.json, for editors. */
export function fixturePageJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(fixturePageSchema, { io: "input", target: "draft-7" }),
    title: "Fixture page (generated by npm run generate from src/content/contract.ts)",
    description: "A Page of the fixture content service (CONTENT-API 2); the file's name is the page's name.",
  };
}
