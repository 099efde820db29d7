import * as z from "zod/mini";

export const blogCardsOptions = z.strictObject({
  layout: z._default(
    z.enum(["grid", "featured"]).check(z.meta({ description: "Cards in a grid, or the first blog large (SingleBlog_Template)." })),
    "grid",
  ),
});
export type BlogCardsOptions = z.output<typeof blogCardsOptions>;
