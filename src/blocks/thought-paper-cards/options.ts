import * as z from "zod/mini";

export const thoughtPaperCardsOptions = z.strictObject({
  layout: z._default(z.enum(["grid", "list"]).check(z.meta({ description: "Cards in a grid or a stacked list." })), "grid"),
});
export type ThoughtPaperCardsOptions = z.output<typeof thoughtPaperCardsOptions>;
