import { declareBlock } from "../../runtime/declareBlock.ts";
import { videoOptions } from "./options.ts";

export const declaration = declareBlock({
  name: "video",
  description:
    "Videos with poster image and captions (documentPath).",
  consumes: ["Videos"],
  critical: false,
  interactive: true,
  options: videoOptions,
  component: "Video.tsx",
});
