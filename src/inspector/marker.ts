/**
 * A string every piece of inspector UI carries. `npm run size` fails when it appears in the
 * production build, which proves the inspector stayed out of it.
 */
export const INSPECTOR_MARKER = "corvane-layout-inspector";
