import * as z from "zod/mini";

export const iconsOptions = z.strictObject({
  layout: z._default(
    z.enum(["grid", "list"]).check(z.meta({ description: "Cards in a grid, or a stacked list with the icon beside the text." })),
    "grid",
  ),
});
export type IconsOptions = z.output<typeof iconsOptions>;
