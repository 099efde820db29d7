/**
 * What the first page the browser resolves itself needs, and a page the server rendered does not:
 * the page loader, the content contract's answer parser and the blocks' option schemas (zod comes
 * with them). One module, one file of the build (vite.config.ts, `navigation`), asked for at once
 * by a navigation or the visitor's intent to follow a link (./routes.tsx, ./createRuntime.ts).
 */
export { loadPageData } from "../runtime/loadPage.ts";
export { parseAnswer } from "../content/contract.ts";
export { blockOptionSchemas } from "../blocks/optionSchemas.ts";
