/** The fixture service's pages (CONTENT-API page/get): a fixture page by name or path, or a detail page built from its list item. */
import { decodeHTML } from "entities";
import { matchPath } from "../src/content/paths.ts";
import { listKinds, type Fixtures, type Json, type JsonObject, type ListKind } from "./fixtures.ts";
import { badRequest, json, readJsonBody } from "../src/shared/jsonAnswer.ts";

/** The text a visitor sees of a title: markup dropped, character references decoded as a browser does (fb55's entities, htmlparser2's own). */
export const plain = (html: string) => decodeHTML(html.replace(/<[^>]*>/g, "")).replace(/\s+/g, " ").trim();
export const text = (value: Json | undefined): string => (typeof value === "string" ? value : "");

export function withoutDetail(item: JsonObject): JsonObject {
  const { detail: _detail, ...rest } = item;
  return rest;
}

/** The Page of a blog, case study or thought paper, built from its list item. */
function detailPage(kind: ListKind, item: JsonObject, slug: string): JsonObject {
  const { embed, image } = listKinds[kind];
  const base = withoutDetail(item);
  const detail = typeof item.detail === "object" && item.detail !== null && !Array.isArray(item.detail) ? item.detail : {};
  const page: JsonObject = {
    id: 100_000 * listKinds[kind].contentType + (typeof item.id === "number" ? item.id : 0),
    name: slug,
    title: plain(text(item.title)),
    metaDescription: plain(text(item.shortDesc)) || null,
    heading: text(item.title) || null,
    shortDesc: item.shortDesc ?? null,
    longDesc: item.longDesc ?? null,
    contents: kind === "thoughtpapers" ? [base] : [],
    conetentTemplates: [],
    resources: null,
    ...(embed ? { [embed]: base } : {}),
    ...(image ? { [image]: item.image ?? null } : {}),
  };
  for (const [key, value] of Object.entries(detail)) {
    page[key] = key === "contents" && Array.isArray(value) ? [...(page.contents as Json[]), ...value] : value;
  }
  return page;
}

function findPage(fixtures: Fixtures, request: string): JsonObject | undefined {
  if (!request.startsWith("/")) return fixtures.pages.get(request.toLowerCase());
  for (const kind of Object.keys(listKinds) as ListKind[]) {
    const slug = matchPath(listKinds[kind].detail, request)?.[0];
    if (slug === undefined) continue;
    const item = fixtures.lists[kind].find((entry) => text(entry.anchorlink).replace(/^\/+/, "").toLowerCase() === slug.toLowerCase());
    return item ? detailPage(kind, item, slug) : undefined;
  }
  const segments = request.split("/").filter(Boolean);
  const [first] = segments;
  return segments.length === 1 && first !== undefined ? fixtures.pages.get(first.toLowerCase()) : undefined;
}

/**
 * POST /api/page/get: the body is a JSON string, a page name or a path; `{ id: 0 }` when there is
 * no such page. With `preview` (a valid preview token came with the call, CONTENT-API 9), a page
 * that has a draft is answered with the draft's fields and `X-Content-Preview: draft`.
 */
export async function getPage(fixtures: Fixtures, request: Request, preview = false): Promise<Response> {
  const body = await readJsonBody(request);
  if (!body.ok || typeof body.value !== "string") return badRequest({ body: "the body is a JSON string: a page name or a path" });
  const name = body.value.trim();
  const page = findPage(fixtures, name);
  const draft = preview && page ? fixtures.drafts.get(name.toLowerCase()) : undefined;
  if (!page || !draft) return json(page ?? { id: 0 });
  const answer = json({ ...page, ...draft });
  answer.headers.set("X-Content-Preview", "draft");
  return answer;
}
