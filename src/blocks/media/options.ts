import * as z from "zod/mini";
import { mediaRatios } from "./ratios.ts";

export const mediaOptions = z.strictObject({
  ratio: z._default(
    z
      .enum(Object.keys(mediaRatios) as [keyof typeof mediaRatios, ...(keyof typeof mediaRatios)[]])
      .check(z.meta({ description: "Width : height of the box each picture or animation fills; its space is reserved before it loads." })),
    "4:3",
  ),
  play: z._default(
    z
      .enum(["when-asked", "when-near"])
      .check(
        z.meta({
          description:
            "When an animation that has a still (the item's picture, or its frame the site's server draws) starts: when the visitor presses Play, its player (49 kB gzip) loading only then; or on its own as it comes near the viewport (never under reduced motion), the player loading with it. An animation without a still always starts when near.",
        }),
      ),
    "when-asked",
  ),
});
export type MediaOptions = z.output<typeof mediaOptions>;
