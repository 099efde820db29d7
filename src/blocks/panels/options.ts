import * as z from "zod/mini";

export const panelsOptions = z.strictObject({
  linkLabel: z._default(
    z.string().check(z.minLength(1), z.meta({ description: "Fixed text of each panel's button (SPEC 2.10)." })),
    "LEARN MORE",
  ),
});
export type PanelsOptions = z.output<typeof panelsOptions>;
