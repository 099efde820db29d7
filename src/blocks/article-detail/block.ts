import { declareBlock } from "../../runtime/declareBlock.ts";
import { articleDetailOptions } from "./options.ts";

export const declaration = declareBlock({
  name: "article-detail",
  description:
    "A blog or case study page (SPEC 2.9): hero with the title, date and (byline) the author, the sanitized body and a Back button, from the page's blog or caseStudy item.",
  consumes: [],
  critical: true,
  interactive: true,
  options: articleDetailOptions,
  component: "ArticleDetail.tsx",
});
