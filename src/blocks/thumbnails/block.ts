import { declareBlock } from "../../runtime/declareBlock.ts";
import { thumbnailsOptions } from "./options.ts";

export const declaration = declareBlock({
  name: "thumbnails",
  description:
    "Thumbnail cards with image, title, text and optional link.",
  consumes: ["Thumbnails"],
  critical: false,
  interactive: true,
  options: thumbnailsOptions,
  component: "Thumbnails.tsx",
});
