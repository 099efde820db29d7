import { declareBlock } from "../../runtime/declareBlock.ts";
import { contactFormOptions } from "./options.ts";

export const declaration = declareBlock({
  name: "contact-form",
  description:
    "The contact form (SPEC 2.7, 4, 5.1): captions from the CU-* text resources, captcha, presentation-service mode from the stored flag; an accepted request goes to the success path. Its heading is the slot's title, else CU-TITLE.",
  consumes: [],
  critical: false,
  interactive: true,
  // react-hook-form and the rules are most of its code (17 kB gzip); the form posts without them,
  // so they are asked for when the visitor reaches into it, not with the page.
  loadsWhenReached: true,
  options: contactFormOptions,
  component: "ContactForm.tsx",
});
