import { declareBlock } from "../../runtime/declareBlock.ts";
import { thoughtPaperDownloadOptions } from "./options.ts";

export const declaration = declareBlock({
  name: "thought-paper-download",
  description:
    "The page's own thought paper with a download button (value: its documentPath) that opens the SPEC 5.2 form in a modal dialog; on success the PDF is saved and the visitor goes to the thank-you page.",
  consumes: ["ThoughtPapers"],
  critical: false,
  interactive: true,
  options: thoughtPaperDownloadOptions,
  component: "ThoughtPaperDownload.tsx",
});
