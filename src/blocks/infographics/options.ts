import * as z from "zod/mini";

export const infographicsOptions = z.strictObject({
  showImages: z._default(z.boolean().check(z.meta({ description: "Show each figure's image above it." })), true),
  layout: z._default(
    z
      .enum(["grid", "carousel"])
      .check(z.meta({ description: "Figures in a grid, or the SPEC 9 infographic carousel: autoplay 3500 ms, loop, 20 px gap, 1 slide, 1.5 from 500 px, 3 from 1100 px." })),
    "grid",
  ),
});
export type InfographicsOptions = z.output<typeof infographicsOptions>;
