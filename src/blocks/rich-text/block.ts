import { declareBlock } from "../../runtime/declareBlock.ts";
import { richTextOptions } from "./options.ts";

export const declaration = declareBlock({
  name: "rich-text",
  description:
    "Editor HTML from a page field (longDesc by default), sanitized.",
  consumes: [],
  critical: true,
  interactive: false,
  options: richTextOptions,
  component: "RichText.tsx",
});
