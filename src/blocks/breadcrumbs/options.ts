import * as z from "zod/mini";
import { fixedRouteNames } from "../../content/paths.ts";

const describe = (description: string) => z.meta({ description });

const crumbSchema = z
  .strictObject({
    route: z.optional(
      z.enum(fixedRouteNames).check(describe("The route the crumb links to, by its name in registry/routes.json, e.g. \"blogs\".")),
    ),
    href: z.optional(
      z
        .string()
        .check(
          z.regex(/^\/(?!\/)\S*$/, "a crumb's href is a site path starting with '/'"),
          describe("Site path the crumb links to, for a page without a route name."),
        ),
    ),
    label: z.optional(
      z
        .string()
        .check(describe("Shown text. Default: the navigation link text of its address (ignoring case), else its last path segment with hyphens as spaces.")),
    ),
  })
  .check(
    z.refine((crumb) => (crumb.route === undefined) !== (crumb.href === undefined), "a crumb names a `route` or an `href`, one of the two"),
  );

export const breadcrumbsOptions = z.strictObject({
  trail: z.optional(
    z
      .array(crumbSchema)
      .check(
        describe(
          "The crumbs between Home and the current page, instead of one per URL segment. Detail pages use it: layout BlogDetail [{\"route\": \"blogs\", \"label\": \"Blogs\"}], CaseStudyDetail [{\"route\": \"caseStudies\", \"label\": \"Case Studies\"}], ThoughtPapers-Thankyou [{\"route\": \"thoughtPapers\", \"label\": \"Thought Papers\"}]. [] leaves Home and the page only.",
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
