import * as z from "zod/mini";
import { pageImageFields } from "../../content/contract.ts";

export const fixedImageOptions = z.strictObject({
  field: z._default(
    z.enum(pageImageFields).check(z.meta({ description: "Page field holding the image." })),
    "pageFixedImage",
  ),
});
export type FixedImageOptions = z.output<typeof fixedImageOptions>;
