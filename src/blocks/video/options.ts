import * as z from "zod/mini";

export const videoOptions = z.strictObject({
  layout: z._default(
    z
      .enum(["inline", "feature", "popup"])
      .check(
        z.meta({
          description:
            "inline: players with their own controls. feature: the home video (a play button over the poster; controls while playing; a click on the video toggles; pauses when scrolled out of view). popup: a button per video opening it in a dialog that plays it (SPEC 4 sample-video popups; the dialog id is the title lowercased without spaces).",
        }),
      ),
    "inline",
  ),
});
export type VideoOptions = z.output<typeof videoOptions>;
