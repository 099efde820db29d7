import { declareBlock } from "../../runtime/declareBlock.ts";
import { mediaOptions } from "./options.ts";

export const declaration = declareBlock({
  name: "media",
  description:
    "Media items: pictures, and Lottie animations where the content supplies one (a .json file), loaded only near the viewport, paused under reduced motion.",
  consumes: ["Media"],
  critical: false,
  interactive: true,
  options: mediaOptions,
  component: "Media.tsx",
});
