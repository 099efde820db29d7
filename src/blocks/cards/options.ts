import * as z from "zod/mini";

export const cardsOptions = z.strictObject({
  layout: z._default(
    z
      .enum(["grid", "list", "featured", "carousel"])
      .check(
        z.meta({
          description:
            "Cards in a grid, a stacked list, the first item alone and large (SingleBlog_Template), or the SPEC 9 card carousel (1 card; 2 from 750 px; 3 from 1100 px).",
        }),
      ),
    "grid",
  ),
});
export type CardsOptions = z.output<typeof cardsOptions>;
