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
  autoplay: z._default(
    z.boolean().check(z.meta({ description: "Rotate on its own every 3000 ms (SPEC 9 slider default), with a pause control; never under reduced motion." })),
    false,
  ),
});
export type CarouselOptions = z.output<typeof carouselOptions>;
