import * as z from "zod/mini";

export const infographicsOptions = z.strictObject({
  showImages: z._default(z.boolean().check(z.meta({ description: "Show each figure's image above it." })), true),
});
export type InfographicsOptions = z.output<typeof infographicsOptions>;
