import * as z from "zod/mini";
import { pageTextFields } from "../../content/contract.ts";

export const richTextOptions = z.strictObject({
  field: z._default(
    z.enum(pageTextFields).check(z.meta({ description: "Page field holding the editor HTML." })),
    "longDesc",
  ),
});
export type RichTextOptions = z.output<typeof richTextOptions>;
