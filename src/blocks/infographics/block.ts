import { declareBlock } from "../../runtime/declareBlock.ts";
import { infographicsOptions } from "./options.ts";

export const declaration = declareBlock({
  name: "infographics",
  description:
    "Key figures: number, title and short description.",
  consumes: ["Infographics"],
  critical: false,
  interactive: true,
  options: infographicsOptions,
  component: "Infographics.tsx",
});
