import * as z from "zod/mini";
import { pageImageFields } from "../../content/contract.ts";
import { fixedRouteNames } from "../../content/paths.ts";

export const articleDetailOptions = z.strictObject({
  item: z
    .enum(["blog", "caseStudy"])
    .check(z.meta({ description: "The page field holding the article's own item (CONTENT-API 1): its title, date, author and body." })),
  byline: z._default(
    z.boolean().check(z.meta({ description: "Show the author's image (or the default image) and name, as blogs do (SPEC 2.9)." })),
    false,
  ),
  backTo: z
    .enum(fixedRouteNames)
    .check(
      z.meta({ description: "The route (its name in registry/routes.json) \"Back\" goes to when the visitor has no earlier page on this site to go back to, e.g. \"blogs\"." }),
    ),
  image: z._default(
    z.enum(pageImageFields).check(z.meta({ description: "Page field holding the hero's background image." })),
    "pageheroimage",
  ),
});
export type ArticleDetailOptions = z.output<typeof articleDetailOptions>;
