/**
 * How a page's name becomes its layout file: the rule the build's resolution (./layout.ts) and
 * the browser's layout source (`layoutSource`, src/app/createRuntime.ts) share. Apart from ./layout.ts so the
 * browser gets these three lines, not the layout resolver and the registry's schemas.
 */

/** Layout file names match page names ignoring case, as routes do. */
export const layoutKey = (name: string) => name.toLowerCase();

/** The layout of a page without a file of its own (layouts/default.json): the common content page. */
export const defaultLayoutName = "default";

/**
 * The layout files a page may use, first one present wins (SPEC 2.3): its own, else the default
 * layout. The one statement of the rule.
 */
export const layoutCandidates = (name: string): readonly string[] => [name, defaultLayoutName];

export const layoutFileName = (name: string) => `layouts/${name}.json`;
