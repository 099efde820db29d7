import * as z from "zod/mini";

const describe = (description: string) => z.meta({ description });

const crumbSchema = z.strictObject({
  href: z
    .string()
    .check(
      z.regex(/^\/(?!\/)\S*$/, "a crumb's href is a site path starting with '/'"),
      describe("Site path the crumb links to, e.g. \"/blogs\"."),
    ),
  label: z.optional(
    z
      .string()
      .check(describe("Shown text. Default: the navigation link text of `href` (ignoring case), else its last path segment with hyphens as spaces.")),
  ),
});

export const breadcrumbsOptions = z.strictObject({
  trail: z.optional(
    z
      .array(crumbSchema)
      .check(
        describe(
          "The crumbs between Home and the current page, instead of one per URL segment. Detail pages use it: layout BlogDetail [{\"href\": \"/blogs\", \"label\": \"Blogs\"}], CaseStudyDetail [{\"href\": \"/casestudies\", \"label\": \"Case Studies\"}], ThoughtPapers-Thankyou [{\"href\": \"/thoughtpapers\", \"label\": \"Thought Papers\"}]. [] leaves Home and the page only.",
        ),
      ),
  ),
  current: z._default(
    z
      .enum(["path", "title", "heading", "heading1"])
      .check(
        describe(
          "Text of the last crumb (the page itself): `path` = the navigation link text of the URL, else its last segment with hyphens as spaces; or that page field as plain text (falling back to `path` when empty).",
        ),
      ),
    "path",
  ),
});
export type BreadcrumbsOptions = z.output<typeof breadcrumbsOptions>;
