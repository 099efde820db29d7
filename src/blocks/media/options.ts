import * as z from "zod/mini";

/** Width : height of the box each picture or animation fills. */
export const mediaRatios = { "1:1": [1, 1], "4:3": [4, 3], "16:9": [16, 9] } as const satisfies Record<string, readonly [number, number]>;

export const mediaOptions = z.strictObject({
  ratio: z._default(
    z
      .enum(["1:1", "4:3", "16:9"])
      .check(z.meta({ description: "Width : height of the box each picture or animation fills; its space is reserved before it loads." })),
    "4:3",
  ),
});
export type MediaOptions = z.output<typeof mediaOptions>;
