import { declareBlock } from "../../runtime/declareBlock.ts";
import { panelsOptions } from "./options.ts";

export const declaration = declareBlock({
  name: "panels",
  description:
    "Image and text panels alternating Left and Right.",
  consumes: ["Panels"],
  critical: false,
  interactive: false,
  options: panelsOptions,
  component: "Panels.tsx",
});
