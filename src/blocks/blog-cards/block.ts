import { declareBlock } from "../../runtime/declareBlock.ts";
import { blogCardsOptions } from "./options.ts";

export const declaration = declareBlock({
  name: "blog-cards",
  description:
    "Blog cards linking to /blogs{anchorlink}.",
  consumes: ["Blogs"],
  critical: false,
  options: blogCardsOptions,
  component: "BlogCards.tsx",
});
