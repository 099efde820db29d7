import { declareBlock } from "../../runtime/declareBlock.ts";
import { cardContentTypes } from "../../ui/cards/cardTypes.ts";
import { cardsOptions } from "./options.ts";

export const declaration = declareBlock({
  name: "cards",
  description:
    "Cards of blogs, case studies or thought papers: each item's content type decides its card and the detail page it links to (through the route table). Select the type with `items.type`.",
  consumes: cardContentTypes,
  critical: false,
  interactive: true,
  options: cardsOptions,
  component: "Cards.tsx",
});
