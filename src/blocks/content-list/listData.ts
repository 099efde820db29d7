/**
 * A list's first results, loaded with its page (src/runtime/pageData.ts): the server renders
 * them into the HTML and the browser hydrates with the same, without asking again. Every later
 * view of the list (search, sort, filter, page) is the block's own request (./useContentList.ts).
 */
import { config } from "../../config.ts";
import { checkSlotOptions } from "../../runtime/slots.ts";
import type { BlockDataLoader } from "../../runtime/context.tsx";
import type { ListData } from "./listResult.ts";
import { listRequest, readListState } from "./listState.ts";
import { contentListOptions } from "./options.ts";

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
