import * as z from "zod/mini";

export const heroSliderOptions = z.strictObject({
  label: z._default(
    z.string().check(z.minLength(1), z.meta({ description: "Accessible name of the slider when the slot has no title." })),
    "Highlights",
  ),
});
export type HeroSliderOptions = z.output<typeof heroSliderOptions>;
