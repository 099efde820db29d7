import * as z from "zod/mini";

export const blogCardsOptions = z.strictObject({
  layout: z._default(
    z
      .enum(["grid", "featured", "carousel"])
      .check(z.meta({ description: "Cards in a grid, the first blog large (SingleBlog_Template), or the SPEC 9 blog carousel (1 card; 2 from 750 px; 3 from 1100 px)." })),
    "grid",
  ),
});
export type BlogCardsOptions = z.output<typeof blogCardsOptions>;
