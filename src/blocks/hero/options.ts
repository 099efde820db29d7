import * as z from "zod/mini";
import { pageImageFields } from "../../content/contract.ts";

export const heroVariants = ["home", "content", "generic", "people", "none"] as const;

export const heroOptions = z.strictObject({
  variant: z.optional(
    z.enum(heroVariants).check(z.meta({ description: "Overrides the route's hero variant (registry/routes.json)." })),
  ),
  image: z._default(
    z.enum(pageImageFields).check(z.meta({ description: "Page field holding the hero background image." })),
    "pageheroimage",
  ),
});
export type HeroOptions = z.output<typeof heroOptions>;
