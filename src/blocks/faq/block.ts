import { declareBlock } from "../../runtime/declareBlock.ts";
import { faqOptions } from "./options.ts";

export const declaration = declareBlock({
  name: "faq",
  description:
    "FAQ accordion: opening one question closes the other.",
  consumes: ["FAQS"],
  critical: false,
  interactive: true,
  options: faqOptions,
  component: "Faq.tsx",
});
