import * as z from "zod/mini";
import { pathTo } from "../../content/paths.ts";

export const contactFormOptions = z.strictObject({
  successPath: z._default(
    z
      .string()
      .check(
        z.regex(/^\/[^\s]*$/, "a site path starting with '/'"),
        z.meta({ description: "Where the visitor goes once the service has accepted the request (SPEC 2.7: the thank-you page)." }),
      ),
    pathTo("thankYou"),
  ),
});
export type ContactFormOptions = z.output<typeof contactFormOptions>;
