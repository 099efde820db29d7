/**
 * The page-wide settings of a resolved layout (layouts/*.json, LayoutSettingsShape in
 * ./schemas.ts, which documents each). The type comes from the schema; this module only holds
 * the defaults, apart from the schemas because the browser needs them and not the schemas.
 */
import type { LayoutFile } from "./schemas.ts";

type SettingKey = "refreshAfterLoad" | "pinnedBackground";

/** Every setting decided: the layout's own value, else its base's, else the default. */
export type LayoutSettings = { [Key in SettingKey]-?: Exclude<LayoutFile[Key], undefined> };

export const defaultLayoutSettings: LayoutSettings = { refreshAfterLoad: false, pinnedBackground: null };
