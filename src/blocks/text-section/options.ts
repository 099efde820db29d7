import * as z from "zod/mini";
import { ResourceTextSchema, TextSourceSchema } from "../../runtime/textSource.ts";

const describe = (description: string) => z.meta({ description });

export const textSectionOptions = z.strictObject({
  text: z.optional(
    TextSourceSchema.check(describe("The section's text (HTML allowed): `{ \"resource\": \"KEY\" }` or `{ \"field\": \"desc\" }`.")),
  ),
  link: z.optional(
    z
      .strictObject({
        href: z
          .union([z.string().check(z.trim(), z.minLength(1)), ResourceTextSchema])
          .check(describe("Where it goes: a site path or an address, or a text resource holding one.")),
        label: TextSourceSchema.check(describe("The link's text: a text resource or a page field.")),
      })
      .check(describe("A button-styled link under the text, e.g. a learn-more or contact-us call to action.")),
  ),
  style: z._default(
    z
      .enum(["plain", "band", "call-to-action"])
      .check(describe("plain: a section like the others. band: set off on a dark band. call-to-action: centred, on the brand colour.")),
    "plain",
  ),
});
export type TextSectionOptions = z.output<typeof textSectionOptions>;
