import { declareBlock } from "../../runtime/declareBlock.ts";
import { heroSliderOptions } from "./options.ts";

export const declaration = declareBlock({
  name: "hero-slider",
  description:
    "The home page's headline slider (SPEC 2.10): the page's carousel list as slides of 3 s that fade in and out, with indicator dots and a pause control (WAI-ARIA carousel). Give it items { \"from\": \"carouselList\" }.",
  consumes: ["Carousels"],
  critical: true,
  interactive: true,
  options: heroSliderOptions,
  component: "HeroSlider.tsx",
});
