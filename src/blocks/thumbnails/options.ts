import * as z from "zod/mini";

export const thumbnailsOptions = z.strictObject({
  layout: z._default(z.enum(["grid", "list"]).check(z.meta({ description: "Cards in a grid or a stacked list." })), "grid"),
  linkLabel: z._default(z.string().check(z.minLength(1), z.meta({ description: "Text of the card link." })), "Learn more"),
});
export type ThumbnailsOptions = z.output<typeof thumbnailsOptions>;
