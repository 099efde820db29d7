import * as z from "zod/mini";
import { pathTo } from "../../content/paths.ts";

export const thoughtPaperDownloadOptions = z.strictObject({
  buttonLabel: z._default(
    z.string().check(z.minLength(1), z.meta({ description: "Text of the download button that opens the form." })),
    "Download Thought Paper",
  ),
  successPath: z._default(
    z
      .string()
      .check(
        z.regex(/^\/[^\s]*$/, "a site path starting with '/'"),
        z.meta({ description: "Where the visitor goes once the PDF is saved (SPEC 4: the thought-paper thank-you page)." }),
      ),
    pathTo("thoughtPaperThankYou"),
  ),
});
export type ThoughtPaperDownloadOptions = z.output<typeof thoughtPaperDownloadOptions>;
