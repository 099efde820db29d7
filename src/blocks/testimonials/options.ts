import * as z from "zod/mini";

export const testimonialsOptions = z.strictObject({
  layout: z._default(
    z.enum(["cards", "feature"]).check(z.meta({ description: "A grid of quotes, or large quotes one under another." })),
    "cards",
  ),
});
export type TestimonialsOptions = z.output<typeof testimonialsOptions>;
