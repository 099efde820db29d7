import { declareBlock } from "../../runtime/declareBlock.ts";
import { iconsOptions } from "./options.ts";

export const declaration = declareBlock({
  name: "icons",
  description:
    "Icon cards: image, title and short description.",
  consumes: ["Icons"],
  critical: false,
  interactive: false,
  options: iconsOptions,
  component: "Icons.tsx",
});
