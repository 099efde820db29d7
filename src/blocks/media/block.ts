import { declareBlock } from "../../runtime/declareBlock.ts";
import { mediaOptions } from "./options.ts";

export const declaration = declareBlock({
  name: "media",
  description:
    "Media items: pictures, and Lottie animations where the content supplies one (a .json file), shown as a still (the item's picture, or a frame the site's server draws) whose player loads when the visitor presses Play (option play), or near the viewport without a still; never started on their own under reduced motion.",
  consumes: ["Media"],
  critical: false,
  interactive: true,
  options: mediaOptions,
  component: "Media.tsx",
});
