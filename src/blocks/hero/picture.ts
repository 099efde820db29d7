import type { Page } from "../../content/contract.ts";
import type { HeroOptions } from "./options.ts";

/** The hero's picture (a content address), as the hero shows it; none for the "none" hero. */
export function heroPicture(page: Page, options: HeroOptions): string | null {
  return options.variant === "none" ? null : (page[options.image] ?? page.image);
}
