import { declareBlock } from "../../runtime/declareBlock.ts";
import { textSectionOptions } from "./options.ts";

export const declaration = declareBlock({
  name: "text-section",
  description:
    "A fixed section whose text and optional call-to-action link come from text resources or page fields named in the layout (the marketing automation page's sections, offers, contact-us calls to action).",
  consumes: [],
  critical: false,
  interactive: false,
  options: textSectionOptions,
  component: "TextSection.tsx",
});
