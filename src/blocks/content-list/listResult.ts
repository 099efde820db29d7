/**
 * A list's first results as its page's loader hands them to the block (./listData.ts loads them):
 * the shape alone, so the block's code reads them without the loader's.
 */
import type { ContentItem } from "../../content/contract.ts";

/** The request (as a key) and its answer; `result` null when the call failed. */
export interface ListData {
  key: string;
  result: { items: ContentItem[]; total: number } | null;
}

export function isListData(value: unknown): value is ListData {
  return typeof value === "object" && value !== null && "key" in value && typeof value.key === "string" && "result" in value;
}
