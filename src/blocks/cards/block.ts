/**
 * The declaration of the card-list block, in the shape `declareBlock` will take (issue 14);
 * until that exists it is a plain object beside options.ts.
 */
import { cardContentTypes } from "../../ui/cards/cardTypes.ts";

export const cardsDeclaration = {
  name: "cards",
  description:
    "Cards of blogs, case studies or thought papers: each item's content type decides its card and the detail page it links to (through the route table). Select the type with `items.type`.",
  consumes: cardContentTypes,
  critical: false,
  component: "Cards.tsx",
} as const;
