/**
 * A list's first results, loaded with its page (src/runtime/pageData.ts): the server renders
 * them into the HTML and the browser hydrates with the same, without asking again. Every later
 * view of the list (search, sort, filter, page) is the block's own request (./useContentList.ts).
 */
import { config } from "../../config.ts";
import type { ContentItem } from "../../content/contract.ts";
import { checkSlotOptions } from "../../runtime/block.tsx";
import type { BlockDataLoader } from "../../runtime/context.tsx";
import { listRequest, readListState } from "./listState.ts";
import { contentListOptions } from "./options.ts";

/** The request (as a key) and its answer; `result` null when the call failed. */
export interface ListData {
  key: string;
  result: { items: ContentItem[]; total: number } | null;
}

export function isListData(value: unknown): value is ListData {
  return typeof value === "object" && value !== null && "key" in value && typeof value.key === "string" && "result" in value;
}

export const contentListData: BlockDataLoader = async ({ slot, page, url, client, signal }): Promise<ListData | null> => {
  const checked = checkSlotOptions(contentListOptions, slot);
  if (checked.outcome === "invalid") return null;
  const { options } = checked;
  const request = listRequest(readListState(url.searchParams), {
    contentType: options.contentType,
    pageName: options.pageName ?? page.name ?? "",
    pageSize: config.listPageSize + options.extraItems,
  });
  const result = await client.getContentList(request, signal).then(
    ({ items, total }) => ({ items, total }),
    (error: unknown) => {
      console.warn("the list could not be loaded:", error);
      return null;
    },
  );
  return { key: JSON.stringify(request), result };
};
