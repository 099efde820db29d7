import { declareBlock } from "../../runtime/declareBlock.ts";
import { caseStudyCardsOptions } from "./options.ts";

export const declaration = declareBlock({
  name: "case-study-cards",
  description:
    "Case study cards linking to /casestudies{anchorlink}.",
  consumes: ["CaseStudies"],
  critical: false,
  options: caseStudyCardsOptions,
  component: "CaseStudyCards.tsx",
});
