import { declareBlock } from "../../runtime/declareBlock.ts";
import { thoughtPaperCardsOptions } from "./options.ts";

export const declaration = declareBlock({
  name: "thought-paper-cards",
  description:
    "Thought paper cards linking to /thoughtPapers{anchorlink}.",
  consumes: ["ThoughtPapers"],
  critical: false,
  options: thoughtPaperCardsOptions,
  component: "ThoughtPaperCards.tsx",
});
