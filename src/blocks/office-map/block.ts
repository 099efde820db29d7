import { declareBlock } from "../../runtime/declareBlock.ts";
import { officeMapOptions } from "./options.ts";

export const declaration = declareBlock({
  name: "office-map",
  description:
    "A world map with a pin per office: a pin opens a dialog with the branch whose title is the pin's id (location, address, phone). Branches without a pin are listed under the map. Drags sideways on narrow screens.",
  consumes: ["Branches"],
  critical: false,
  interactive: true,
  options: officeMapOptions,
  component: "OfficeMap.tsx",
});
