import { declareBlock } from "../../runtime/declareBlock.ts";
import { contentListOptions } from "./options.ts";

export const declaration = declareBlock({
  name: "content-list",
  description:
    "A list page (SPEC 2.8, 4): search box, Sort by, Filter by, a card grid from GetContentList and numbered pagination. Search, sort, filter and page live in the address's query string; one request goes out 300 ms after the last change.",
  consumes: [],
  critical: false,
  interactive: true,
  options: contentListOptions,
  component: "ContentList.tsx",
});
