/**
 * The page-wide settings of a resolved layout (layouts/*.json, see LayoutSettingsShape in
 * ./schemas.ts). Its own module, free of the schemas, because the browser needs the defaults.
 */
import type { PageImageField } from "../content/contract.ts";

export interface LayoutSettings {
  /** Run the SPEC 4 layout refresh timers (100 ms, 1 s, 2 s, 3 s after the page shows). */
  refreshAfterLoad: boolean;
  /** The page image field that is the page's pinned background, if any. */
  pinnedBackground: PageImageField | null;
}

export const defaultLayoutSettings: LayoutSettings = { refreshAfterLoad: false, pinnedBackground: null };
