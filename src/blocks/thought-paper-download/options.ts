import * as z from "zod/mini";

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
        z.meta({ description: "Where the visitor goes once the PDF is saved (SPEC 4: /ThoughtPapers-Thankyou)." }),
      ),
    "/ThoughtPapers-Thankyou",
  ),
});
export type ThoughtPaperDownloadOptions = z.output<typeof thoughtPaperDownloadOptions>;
