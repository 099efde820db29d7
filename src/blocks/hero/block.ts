import { declareBlock } from "../../runtime/declareBlock.ts";
import { heroOptions } from "./options.ts";

export const declaration = declareBlock({
  name: "hero",
  description:
    "The page hero: variants home, content (heading, short description, carousel list), generic (category tag, heading1, description), people and none. Background from a page image field.",
  consumes: [],
  critical: true,
  interactive: false,
  options: heroOptions,
  component: "Hero.tsx",
});
