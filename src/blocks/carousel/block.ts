import { declareBlock } from "../../runtime/declareBlock.ts";
import { carouselOptions } from "./options.ts";

export const declaration = declareBlock({
  name: "carousel",
  description:
    "A carousel of titled slides (WAI-ARIA carousel pattern).",
  consumes: ["Carousels"],
  critical: false,
  interactive: true,
  options: carouselOptions,
  component: "Carousel.tsx",
});
