/**
 * The fixture content: plain JSON files under fixtures/, in the wire shapes of CONTENT-API,
 * read as a real content service would hold them.
 *
 *   fixtures/pages/<PageName>.json       a Page, requested by name (or by "/<PageName>")
 *   fixtures/content/blogs.json          Blog items (type 2): the blog list and /blogs/{slug}
 *   fixtures/content/casestudies.json    Case studies (type 11): the list and /casestudies/{slug}
 *   fixtures/content/thoughtpapers.json  Thought papers (type 15): the list and /thoughtPapers/{slug}
 *   fixtures/menus.json                  the GetMenuList answer
 *   fixtures/resources.json              the resource/list answer
 *   fixtures/media/*                     images, videos and captions, served at /media/
 *   fixtures/documents/*.pdf             thought-paper PDFs, served by downloadThoughtPaperPdf
 *
 * A list item may carry a `detail` object: extra Page fields of its detail page (for example
 * the `conetentTemplates` of a thought paper). It is never sent in list answers.
 */
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { join } from "node:path";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const listKinds = {
  blogs: { contentType: 2, route: "blogs", embed: "blog", image: "blogImage" },
  casestudies: { contentType: 11, route: "casestudies", embed: "caseStudy", image: "csImage" },
  thoughtpapers: { contentType: 15, route: "thoughtpapers", embed: null, image: null },
} as const;
export type ListKind = keyof typeof listKinds;

export interface Fixtures {
  dir: string;
  /** Pages by lower-cased name. */
  pages: Map<string, JsonObject>;
  lists: Record<ListKind, JsonObject[]>;
  menus: Json;
  resources: Json;
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

export function loadFixtures(dir: string): Fixtures {
  const pages = new Map<string, JsonObject>();
  const pagesDir = join(dir, "pages");
  for (const file of existsSync(pagesDir) ? readdirSync(pagesDir) : []) {
    if (!file.endsWith(".json")) continue;
    const page = readJson(join(pagesDir, file));
    if (!isObject(page)) throw new Error(`fixture pages/${file}: a page is a JSON object`);
    pages.set(file.slice(0, -".json".length).toLowerCase(), page);
  }
  const list = (kind: ListKind): JsonObject[] => {
    const path = join(dir, "content", `${kind}.json`);
    if (!existsSync(path)) return [];
    const items = readJson(path);
    if (!Array.isArray(items)) throw new Error(`fixture content/${kind}.json: a list is a JSON array`);
    return items.filter(isObject);
  };
  const optional = (name: string): Json => (existsSync(join(dir, name)) ? readJson(join(dir, name)) : []);
  return {
    dir,
    pages,
    lists: { blogs: list("blogs"), casestudies: list("casestudies"), thoughtpapers: list("thoughtpapers") },
    menus: optional("menus.json"),
    resources: optional("resources.json"),
  };
}
