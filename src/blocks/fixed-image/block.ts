import { declareBlock } from "../../runtime/declareBlock.ts";
import { fixedImageOptions } from "./options.ts";

export const declaration = declareBlock({
  name: "fixed-image",
  description:
    "A full-width image that stays fixed while the page scrolls, from a page image field.",
  consumes: [],
  critical: false,
  interactive: false,
  options: fixedImageOptions,
  component: "FixedImage.tsx",
});
