import * as z from "zod/mini";

export const carouselOptions = z.strictObject({
  layout: z._default(
    z.enum(["cards", "quote"]).check(z.meta({ description: "Titled text slides, or large quote-style slides (People page)." })),
    "cards",
  ),
  label: z._default(
    z.string().check(z.minLength(1), z.meta({ description: "Accessible name of the carousel when the slot has no title." })),
    "Highlights",
  ),
});
export type CarouselOptions = z.output<typeof carouselOptions>;
