/**
 * Copy a layout points at instead of writing it: a text resource (the page's, then the site's,
 * then the built-in default of registry/resource-defaults.json) or a text field of the page.
 * Slot titles and the blocks that show fixed sections use it, so the words on a page always
 * come from content or configuration, never from code. Resolved by resolveText (./siteData.ts),
 * which stays free of the schema so the initial bundle does not carry it.
 */
import * as z from "zod/mini";
import { pageTextFields } from "../content/contract.ts";

const describe = (description: string) => z.meta({ description });
const nonEmpty = z.string().check(z.trim(), z.minLength(1, "must not be empty"));

export const ResourceTextSchema = z
  .strictObject({
    resource: nonEmpty.check(describe("Text resource key, e.g. BLOGS-TITLE.")),
    default: z.optional(
      z.string().check(describe("Text when the resource is missing; otherwise registry/resource-defaults.json.")),
    ),
  })
  .check(describe("Text from a text resource."));
export type ResourceText = z.output<typeof ResourceTextSchema>;

export const FieldTextSchema = z
  .strictObject({
    field: z.enum(pageTextFields).check(describe("The page field holding the text, e.g. heading1.")),
  })
  .check(describe("Text from a field of the page."));

export const TextSourceSchema = z.union([ResourceTextSchema, FieldTextSchema]);
export type TextSource = z.output<typeof TextSourceSchema>;
