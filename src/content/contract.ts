/**
 * The wire contract with the content service (docs/content-contract.md sections 1-5).
 *
 * Every response is parsed here, at the boundary, and nowhere else. The schemas are
 * deliberately tolerant the way the contract asks: any field may be missing, null, of
 * the wrong type or unknown. A bad field becomes null and a bad list entry is dropped,
 * so one malformed item can cost one card, never a page.
 *
 * zod/mini keeps the schemas out of the initial bundle's budget (about 6 KB gzip
 * against 26 KB for the classic API).
 */
import * as z from "zod/mini";
import { listFilters, listSorts } from "./names.ts";

export { contentTypeCodes, contentTypeName, contentTypeNames, contactFieldNames, listFilters, listSorts, pageImageFields, pageTextFields, type ContactRequest, type ContentTypeName, type PageImageField, type ThoughtPaperLeadRequest } from "./names.ts";

/** A text field: anything that is not a string reads as null. */
const text = z.catch(z.nullable(z.string()), null);

/** A number field that also accepts numeric strings ("12"), as hand-edited CMS data often has them. */
const numeric = z.catch(
  z.pipe(
    z.nullable(z.union([z.number(), z.string()])),
    z.transform((value): number | null => {
      if (value === null) return null;
      const n = typeof value === "number" ? value : Number(value.trim());
      return Number.isFinite(n) && (typeof value === "number" || value.trim() !== "") ? n : null;
    }),
  ),
  null,
);

const flag = z.catch(z.nullable(z.boolean()), null);

/** `tags`: an array of strings or one comma-separated string; always read as trimmed, non-empty strings. */
const tags = z.catch(
  z.pipe(
    z.nullable(z.union([z.array(z.unknown()), z.string()])),
    z.transform((value): string[] => {
      if (value === null) return [];
      const parts = typeof value === "string" ? value.split(",") : value.filter((t) => typeof t === "string");
      return parts.map((t) => t.trim()).filter((t) => t !== "");
    }),
  ),
  [],
);

/** `number` on infographics: "2000+" or 2000; shown as text. */
const figure = z.catch(
  z.pipe(
    z.nullable(z.union([z.string(), z.number()])),
    z.transform((value): string | null => (value === null ? null : String(value))),
  ),
  null,
);

const direction = z.catch(
  z.pipe(
    z.nullable(z.string()),
    z.transform((value): "Left" | "Right" | null => {
      const v = value?.trim().toLowerCase();
      return v === "left" ? "Left" : v === "right" ? "Right" : null;
    }),
  ),
  null,
);

/**
 * The entry schema of each tolerant list. The entries are parsed inside a transform, where no
 * schema walker can see them; the fixture checker's strict schema and the property tests'
 * generated pages (tools/authoring/fixturePageSchema.ts) follow the contract's lists through this.
 */
export const listEntries = new WeakMap<z.ZodMiniType, z.ZodMiniType>();

/**
 * A list whose entries are parsed one by one: entries that are not objects are dropped
 * instead of failing the whole list.
 */
function tolerantList<T extends z.ZodMiniType>(entry: T) {
  const list = z.catch(
    z.pipe(
      z.nullable(z.array(z.unknown())),
      z.transform((values): z.output<T>[] => {
        const out: z.output<T>[] = [];
        for (const value of values ?? []) {
          const parsed = entry.safeParse(value);
          if (parsed.success) out.push(parsed.data);
        }
        return out;
      }),
    ),
    [],
  );
  listEntries.set(list, entry);
  return list;
}

/** A short, stable hash (FNV-1a) so items without an id still get a key that survives re-renders. */
function stableHash(input: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < input.length; i++) {
    h ^= input.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/** Gives every entry of a list a unique key, so repeated ids never collide as React keys. */
function uniqueKeys<T extends { key: string }>(list: T[]): T[] {
  const seen = new Map<string, number>();
  return list.map((entry) => {
    const count = seen.get(entry.key) ?? 0;
    seen.set(entry.key, count + 1);
    return count === 0 ? entry : { ...entry, key: `${entry.key}~${count + 1}` };
  });
}

const contentItemFields = z.object({
  id: numeric,
  type: numeric,
  title: text,
  shortDesc: text,
  longDesc: text,
  image: text,
  authorImage: text,
  video: text,
  documentPath: text,
  link: text,
  date: text,
  anchorlink: text,
  tags,
  number: figure,
  designation: text,
  authorName: text,
  resourceKey: text,
  direction,
  totalRow: numeric,
  location: text,
  address: text,
  phone: text,
});

export const ContentItemSchema = z.pipe(
  contentItemFields,
  z.transform((item) => ({
    ...item,
    key:
      item.id !== null
        ? `${item.type ?? "x"}-${item.id}`
        : `${item.type ?? "x"}-h${stableHash(`${item.title ?? ""}|${item.shortDesc ?? ""}|${item.image ?? ""}|${item.anchorlink ?? ""}`)}`,
  })),
);
export type ContentItem = z.output<typeof ContentItemSchema>;

const contentItemList = z.pipe(tolerantList(ContentItemSchema), z.transform(uniqueKeys));

/** A single embedded item (`caseStudy`, `blog`): malformed reads as absent. */
const embeddedItem = z.catch(z.nullable(ContentItemSchema), null);

const ContentTemplateSchema = z.object({
  contentType: numeric,
  tagName: text,
  templateName: z.catch(z.string(), ""),
  templateOptions: text,
});
export type ContentTemplate = z.output<typeof ContentTemplateSchema>;

/** `resources` on a page: key -> text; entries whose value is not text are dropped. */
const resourceMap = z.catch(
  z.pipe(
    z.nullable(z.record(z.string(), z.unknown())),
    z.transform((record): Record<string, string> => {
      const out: Record<string, string> = {};
      for (const [k, v] of Object.entries(record ?? {})) if (typeof v === "string") out[k] = v;
      return out;
    }),
  ),
  {},
);

export const PageSchema = z.object({
  id: z.pipe(
    z.union([z.number(), z.string()]),
    z.transform((v, ctx) => {
      const n = typeof v === "number" ? v : Number(v);
      if (!Number.isInteger(n)) {
        ctx.issues.push({ code: "custom", message: "page id is not an integer", input: v });
        return z.NEVER;
      }
      return n;
    }),
  ),
  name: text,
  title: text,
  metaDescription: text,
  metaKeywords: text,
  heading: text,
  heading1: text,
  category: text,
  desc: text,
  shortDesc: text,
  longDesc: text,
  image: text,
  backgroundImage: text,
  pageheroimage: text,
  pageFixedImage: text,
  pageFixedImage1: text,
  pagePanelBgImage1: text,
  pagePanelBgImage2: text,
  blogImage: text,
  csImage: text,
  banner3: text,
  contents: contentItemList,
  conetentTemplates: tolerantList(ContentTemplateSchema),
  carouselList: contentItemList,
  caseStudy: embeddedItem,
  blog: embeddedItem,
  resources: resourceMap,
  contactUs: flag,
});
export type Page = z.output<typeof PageSchema>;

export interface MenuItem {
  key: string;
  MenuName: string;
  PageURL: string | null;
  SubMenu: MenuItem[];
}

const MenuItemSchema: z.ZodMiniType<MenuItem> = z.pipe(
  z.object({
    MenuName: z.catch(z.string(), ""),
    PageURL: text,
    get SubMenu() {
      return z.pipe(tolerantList(MenuItemSchema), z.transform(uniqueKeys));
    },
  }),
  z.transform((item) => ({ ...item, key: `m${stableHash(`${item.MenuName}|${item.PageURL ?? ""}`)}` })),
);

const MenuGroupSchema = z.object({
  MenuGroupName: z.catch(z.string(), ""),
  MenuList: z.pipe(tolerantList(MenuItemSchema), z.transform(uniqueKeys)),
});
export type MenuGroup = z.output<typeof MenuGroupSchema>;
export const MenuListSchema = tolerantList(MenuGroupSchema);

export const ResourceListSchema = z.pipe(
  tolerantList(z.object({ name: z.string(), value: text })),
  z.transform((list): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const { name, value } of list) if (value !== null) out[name] = value;
    return out;
  }),
);
export type Resources = z.output<typeof ResourceListSchema>;

export const ContentListResponseSchema = z.pipe(
  z.object({ contents: contentItemList }),
  z.transform(({ contents }) => ({ items: contents, total: contents[0]?.totalRow ?? contents.length })),
);
export type ContentListResult = z.output<typeof ContentListResponseSchema>;

export const ContentListRequestSchema = z.object({
  contentType: z.number(),
  search: z.string(),
  sort: z.enum(listSorts),
  pageName: z.string(),
  pageSize: z.number().check(z.int(), z.positive()),
  PageNo: z.number().check(z.int(), z.positive()),
  Filter: z.enum(listFilters),
});
export type ContentListRequest = z.output<typeof ContentListRequestSchema>;

/** A 400 answer of the service: field -> message. */
export const FieldErrorsSchema = z.object({ errors: z.record(z.string(), z.string()) });

/** What each answer the content client parses (./client.ts) is, once parsed. */
export interface Answers {
  page: Page;
  menus: MenuGroup[];
  resources: Resources;
  contentList: ContentListResult;
  fieldErrors: z.output<typeof FieldErrorsSchema>;
}
export type AnswerKind = keyof Answers;
export type Answer<K extends AnswerKind> = Answers[K];

const answerSchemas: { [K in AnswerKind]: z.ZodMiniType<Answers[K]> } = {
  page: PageSchema,
  menus: MenuListSchema,
  resources: ResourceListSchema,
  contentList: ContentListResponseSchema,
  fieldErrors: FieldErrorsSchema,
};

/** An answer parsed at the boundary, or why it is not that shape (in zod's words). */
export function parseAnswer<K extends AnswerKind>(kind: K, json: unknown): { ok: true; value: Answer<K> } | { ok: false; problem: string } {
  const parsed = answerSchemas[kind].safeParse(json);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, problem: z.prettifyError(parsed.error) };
}

/**
 * A content date (CONTENT-API: ISO 8601, e.g. "2026-03-14T00:00:00") as machines read dates:
 * the structured data's datePublished / uploadDate and the sitemap's lastmod. A date with a
 * time zone keeps its instant; one without a zone (what the service usually sends) is the
 * calendar date as written, the same day the page prints, since a time without a zone is no
 * W3C datetime. Anything that is not a real date is null: no guessed date is ever published.
 */
const dateTime = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

export function machineDate(value: string | null | undefined): string | null {
  const match = value ? dateTime.exec(value.trim()) : null;
  if (!match) return null;
  const [, year = "", month = "", day = "", hour, minute, second, zone] = match;
  if (Number(hour ?? 0) > 23 || Number(minute ?? 0) > 59 || Number(second ?? 0) > 59) return null;
  const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  // "2026-02-30" is no date.
  if (calendar.getUTCFullYear() !== Number(year) || calendar.getUTCMonth() !== Number(month) - 1 || calendar.getUTCDate() !== Number(day)) return null;
  if (hour === undefined || zone === undefined) return `${year}-${month}-${day}`;
  const instant = new Date(value?.trim() ?? "");
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString().replace(/\.000Z$/, "Z");
}
