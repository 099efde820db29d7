/**
 * The fixture content: plain JSON files under fixtures/, in the wire shapes of CONTENT-API,
 * read as a real content service would hold them.
 *
 *   fixtures/pages/<PageName>.json       a Page, requested by name (or by "/<PageName>")
 *   fixtures/content/blogs.json          Blogs: the blog list and the pages of route "blog"
 *   fixtures/content/casestudies.json    Case studies: the list and the pages of route "caseStudy"
 *   fixtures/content/thoughtpapers.json  Thought papers: the list and the pages of route "thoughtPaper"
 *   fixtures/menus.json                  the GetMenuList answer
 *   fixtures/resources.json              the resource/list answer
 *   fixtures/media/*                     images, videos and captions, served at /media/
 *   fixtures/documents/*.pdf             thought-paper PDFs, served by downloadThoughtPaperPdf and at /documents/
 *   fixtures/drafts.json                 unpublished edits (CONTENT-API 9): page name or detail path -> the Page
 *                                        fields its draft changes, answered with a valid preview token
 *   fixtures/redirects.json              the editors' redirects (CONTENT-API 9); without the file, the
 *                                        service answers the call 404, as one that does not offer them
 *
 * A list item may carry a `detail` object: extra Page fields of its detail page (for example
 * the `conetentTemplates` of a thought paper). It is never sent in list answers.
 */
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { join } from "node:path";
import { contentTypeCodes } from "../src/content/contract.ts";
import type { RouteName } from "../src/content/paths.ts";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** Each list: its content type, the route of its items' detail pages, and the Page fields a detail page carries its item and image in. */
export const listKinds = {
  blogs: { contentType: contentTypeCodes.Blogs, detail: "blog", embed: "blog", image: "blogImage" },
  casestudies: { contentType: contentTypeCodes.CaseStudies, detail: "caseStudy", embed: "caseStudy", image: "csImage" },
  thoughtpapers: { contentType: contentTypeCodes.ThoughtPapers, detail: "thoughtPaper", embed: null, image: null },
} as const satisfies Record<string, { contentType: number; detail: RouteName; embed: string | null; image: string | null }>;
export type ListKind = keyof typeof listKinds;

export interface Fixtures {
  dir: string;
  /** Pages by lower-cased name. */
  pages: Map<string, JsonObject>;
  lists: Record<ListKind, JsonObject[]>;
  menus: Json;
  resources: Json;
  /** Draft edits by lower-cased page name or detail path: the Page fields each changes. */
  drafts: Map<string, JsonObject>;
  /** The redirect list as the service answers it; undefined: the service offers none (404). */
  redirects: Json | undefined;
}

function readJson(path: string): Json {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as Json;
  } catch (error) {
    throw new Error(`fixture ${path}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The fixtures in `dir`; with `overlay`, the page files of `<overlay>/pages` answered instead of
 * the fixture pages of the same name (`npm run dev -- --counterexamples`: the pages the property
 * tests wrote, tests/properties/counterexample.ts).
 */
export function loadFixtures(dir: string, overlay?: string): Fixtures {
  const pages = new Map<string, JsonObject>();
  for (const pagesDir of [join(dir, "pages"), ...(overlay === undefined ? [] : [join(overlay, "pages")])]) {
    for (const file of existsSync(pagesDir) ? readdirSync(pagesDir) : []) {
      if (!file.endsWith(".json")) continue;
      const page = readJson(join(pagesDir, file));
      if (!isObject(page)) throw new Error(`fixture ${join(pagesDir, file)}: a page is a JSON object`);
      // `$schema` points editors at fixtures/page.schema.json; it is not part of the page.
      delete page.$schema;
      pages.set(file.slice(0, -".json".length).toLowerCase(), page);
    }
  }
  const list = (kind: ListKind): JsonObject[] => {
    const path = join(dir, "content", `${kind}.json`);
    if (!existsSync(path)) return [];
    const items = readJson(path);
    if (!Array.isArray(items)) throw new Error(`fixture content/${kind}.json: a list is a JSON array`);
    return items.filter(isObject);
  };
  const optional = (name: string): Json => (existsSync(join(dir, name)) ? readJson(join(dir, name)) : []);
  const drafts = optional("drafts.json");
  if (!isObject(drafts) && !(Array.isArray(drafts) && drafts.length === 0)) throw new Error("fixture drafts.json: an object of page name or path -> the fields its draft changes");
  return {
    dir,
    pages,
    lists: { blogs: list("blogs"), casestudies: list("casestudies"), thoughtpapers: list("thoughtpapers") },
    menus: optional("menus.json"),
    resources: optional("resources.json"),
    drafts: new Map(Object.entries(isObject(drafts) ? drafts : {}).flatMap(([name, fields]) => (isObject(fields) ? [[name.toLowerCase(), fields]] : []))),
    redirects: existsSync(join(dir, "redirects.json")) ? readJson(join(dir, "redirects.json")) : undefined,
  };
}
