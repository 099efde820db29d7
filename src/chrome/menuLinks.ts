/** The menu items that behave differently from a plain link, recognised by their text (SPEC 2.4, 2.5). */
import type { MenuItem } from "../content/contract.ts";
import { menuLabel } from "../ui/menuItems.ts";

const named = (pattern: RegExp) => (item: MenuItem) => pattern.test(menuLabel(item));

/** SPEC 2.4: shown as a bordered button. */
export const isExperienceCenter = named(/experience\s*cent(?:er|re)/i);
/** SPEC 2.5: opens the consent preferences instead of navigating. */
export const isCookieSettings = named(/^cookie\s+settings$/i);
/** SPEC 2.5: always in the footer's bottom row; opens the consent preferences at the marketing and sharing choice. */
export const isDoNotSell = named(/^do\s+not\s+sell\s+(?:or|and|\/)\s*share\s+my\s+(?:personal\s+)?information$/i);
/** SPEC 2.5: opens in a new tab. */
export const isCareers = named(/^careers$/i);
