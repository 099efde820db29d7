import * as z from "zod/mini";

export const bannersOptions = z.strictObject({
  linkLabel: z._default(
    z.string().check(z.minLength(1), z.meta({ description: "Text of the link of an item that has one." })),
    "Learn more",
  ),
});
export type BannersOptions = z.output<typeof bannersOptions>;
