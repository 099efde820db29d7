/**
 * What the server hands the browser with a page it rendered: the router's loader data (the
 * resolved page, src/runtime/pageData.ts) and the public origin, in a
 * <script type="application/json"> (data, never script: the CSP allows no inline script). The
 * browser's router starts from it instead of running the page's loader again.
 *
 * The element has no id: it is found by its place, a child of <body> after #root (the last one as
 * the server writes it), and its type. Content HTML is always inside #root and can hold no
 * <script>, so nothing from content can stand in for it (an `id` it carried once could: a
 * `<p id="…">` in a `longDesc` came first in the document and was read instead).
 */
/** The type of the <script> that carries it. */
export const HYDRATION_SCRIPT_TYPE = "application/json";
/** Its opening tag, as the server writes it (src/ssr/document.ts). */
export const HYDRATION_SCRIPT_OPEN = `<script type="${HYDRATION_SCRIPT_TYPE}">`;

/** The element that carries the data: the last child of <body> that is a <script> of its type. */
export function findHydrationScript(document: Document): Element | null {
  for (let element = document.body.lastElementChild; element !== null; element = element.previousElementSibling) {
    if (element.tagName === "SCRIPT" && element.getAttribute("type") === HYDRATION_SCRIPT_TYPE) return element;
  }
  return null;
}

/** The text of the data in a page's HTML (the server's tests and tools read it so): the last such element before </body>. */
export function hydrationJsonIn(html: string): string | undefined {
  const start = html.lastIndexOf(HYDRATION_SCRIPT_OPEN);
  if (start < 0) return undefined;
  const end = html.indexOf("</script>", start);
  return end < 0 ? undefined : html.slice(start + HYDRATION_SCRIPT_OPEN.length, end);
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/** A slot's item written as its place in the page's `contents`: `{ "$content": 3 }`. */
const contentRef = "$content";

/**
 * A resolved page's slots hold the page's own content items (the same objects as
 * `page.contents`); serialized as they are, every item would go twice. Here each is named by its
 * place in `page.contents`, so the page's content is sent once. Items that are not the page's
 * own (none today) stay as they are.
 */
export function packLoaderData(loaderData: Json): Json {
  return Object.fromEntries(
    Object.entries(loaderData).map(([routeId, data]) => {
      if (!isRecord(data) || !isRecord(data.page) || !Array.isArray(data.page.contents) || !Array.isArray(data.slots)) return [routeId, data];
      const places = new Map<unknown, number>(data.page.contents.map((item: unknown, index) => [item, index]));
      const slots = data.slots.map((slot: unknown) =>
        isRecord(slot) && Array.isArray(slot.items) ? { ...slot, items: slot.items.map((item: unknown) => (places.has(item) ? { [contentRef]: places.get(item) } : item)) } : slot,
      );
      return [routeId, { ...data, slots }];
    }),
  );
}

/** The loader data as the server's loader returned it: each `{ "$content": n }` is `page.contents[n]` again (the same object). */
export function unpackLoaderData(loaderData: Json): Json {
  return Object.fromEntries(
    Object.entries(loaderData).map(([routeId, data]) => {
      if (!isRecord(data) || !isRecord(data.page) || !Array.isArray(data.slots)) return [routeId, data];
      const contents: unknown[] = Array.isArray(data.page.contents) ? data.page.contents : [];
      const slots = data.slots.map((slot: unknown) =>
        isRecord(slot) && Array.isArray(slot.items)
          ? { ...slot, items: slot.items.flatMap((item: unknown) => (isRecord(item) && typeof item[contentRef] === "number" ? (item[contentRef] in contents ? [contents[item[contentRef]]] : []) : [item])) }
          : slot,
      );
      return [routeId, { ...data, slots }];
    }),
  );
}

/** The router's data the server embedded with its page, and its public origin. */
export interface HydrationData {
  siteUrl: string;
  /** By route id: what each matched route's loader returned (written by our own server from the same types), slot items named by their place in the page's contents. */
  loaderData: Json;
  /** By route id: a posted form's answer (src/app/formAction.ts), when the page answers a post. */
  actionData?: Json | undefined;
  /** The page is an editor's preview (CONTENT-API 9): how the browser carries it, and until when (unix seconds). Never the token. */
  preview?: HydrationPreview | undefined;
}

export interface HydrationPreview {
  via: "cookie" | "address";
  until: number;
}

/**
 * The embedded data, its shape checked (it is our own server's, written from the same types: a
 * check by hand, so hydrating loads no schema library); null when it is not that shape.
 */
export function parseHydrationData(value: unknown): HydrationData | null {
  if (!isRecord(value) || typeof value.siteUrl !== "string" || !isRecord(value.loaderData)) return null;
  const { actionData, preview } = value;
  if (actionData !== undefined && !isRecord(actionData)) return null;
  const via = isRecord(preview) ? preview.via : undefined;
  const inPreview: HydrationPreview | undefined = isRecord(preview) && (via === "cookie" || via === "address") && typeof preview.until === "number" ? { via, until: preview.until } : undefined;
  return { siteUrl: value.siteUrl, loaderData: unpackLoaderData(value.loaderData), ...(actionData ? { actionData } : {}), ...(inPreview ? { preview: inPreview } : {}) };
}

/** JSON that is safe inside a <script> element: no "</script>", "<!--" or line separators can end or bend it. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
