import { declareBlock } from "../../runtime/declareBlock.ts";
import { bannersOptions } from "./options.ts";

export const declaration = declareBlock({
  name: "banners",
  description:
    "Header bands (the premedia page headers): the items the filter selects, of any of these types, the first one large with its image beside its text.",
  consumes: ["Banners","Icons","Thumbnails","Panels","Articles","Media","Infographics","Carousels"],
  critical: false,
  interactive: false,
  options: bannersOptions,
  component: "Banners.tsx",
});
