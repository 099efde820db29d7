import { declareBlock } from "../../runtime/declareBlock.ts";
import { breadcrumbsOptions } from "./options.ts";

export const declaration = declareBlock({
  name: "breadcrumbs",
  description:
    "The breadcrumb trail: Home, one crumb per URL segment (link text from the navigation) or the layout's own `trail`, then the page. Nothing on the home page; remove the slot where no trail should show.",
  consumes: [],
  critical: true,
  interactive: false,
  options: breadcrumbsOptions,
  component: "Breadcrumbs.tsx",
});
