import { declareBlock } from "../../runtime/declareBlock.ts";
import { testimonialsOptions } from "./options.ts";

export const declaration = declareBlock({
  name: "testimonials",
  description:
    "Quotes with the speaker's photo, name and designation.",
  consumes: ["Testimonials"],
  critical: false,
  interactive: false,
  options: testimonialsOptions,
  component: "Testimonials.tsx",
});
