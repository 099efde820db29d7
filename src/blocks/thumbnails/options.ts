import * as z from "zod/mini";

export const thumbnailsOptions = z.strictObject({
  layout: z._default(
    z
      .enum(["grid", "list", "carousel"])
      .check(z.meta({ description: "Cards in a grid, a stacked list, or the SPEC 9 thumbnail carousel (1, 2, 3 cards from 200, 750, 1100 px)." })),
    "grid",
  ),
  linkLabel: z._default(z.string().check(z.minLength(1), z.meta({ description: "Text of the card link." })), "Learn more"),
});
export type ThumbnailsOptions = z.output<typeof thumbnailsOptions>;
