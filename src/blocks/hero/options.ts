import * as z from "zod/mini";
import { pageImageFields } from "../../content/names.ts";

export const heroOptions = z.strictObject({
  variant: z._default(
    z.enum(["home", "content", "generic", "people", "none"]).check(
      z.meta({
        description:
          "Which hero: home (heading and delayed subtitle), content (heading, short description, carousel list), generic (category tag, main heading, description), people, or none.",
      }),
    ),
    "content",
  ),
  image: z._default(
    z.enum(pageImageFields).check(z.meta({ description: "Page field holding the hero background image." })),
    "pageheroimage",
  ),
});
export type HeroOptions = z.output<typeof heroOptions>;
