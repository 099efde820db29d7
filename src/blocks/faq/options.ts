import * as z from "zod/mini";

export const faqOptions = z.strictObject({
  openFirst: z._default(z.boolean().check(z.meta({ description: "Start with the first question open." })), false),
});
export type FaqOptions = z.output<typeof faqOptions>;
