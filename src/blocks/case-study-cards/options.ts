import * as z from "zod/mini";

export const caseStudyCardsOptions = z.strictObject({
  layout: z._default(z.enum(["grid", "list"]).check(z.meta({ description: "Cards in a grid or a stacked list." })), "grid"),
});
export type CaseStudyCardsOptions = z.output<typeof caseStudyCardsOptions>;
