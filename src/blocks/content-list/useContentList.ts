import { useCallback, useEffect, useRef, useState } from "react";
import type { ContentClient } from "../../content/client.ts";
import type { ContentItem, ContentListRequest } from "../../content/contract.ts";
import type { ListData } from "./listResult.ts";

/** SPEC 4, 9: a list request goes out this long after the last change. */
export const listDebounceMs = 300;

interface Answer {
  /** The request it answers, as a key. */
  key: string;
  attempt: number;
  result: { items: ContentItem[]; total: number } | null;
}

export interface ContentListLoad {
  status: "loading" | "results" | "empty" | "error";
  /** The latest results, kept on screen while newer ones load. */
  items: ContentItem[];
  total: number;
  retry: () => void;
}

/**
 * The list a request asks for. The first request goes out at once; after a change, one
 * request goes out `delayMs` after the last change. A change aborts the request in flight,
 * and an answer is used only if it answers the request now asked for, so an earlier answer
 * never overwrites a newer one.
 */
export function useContentList(client: ContentClient, request: ContentListRequest, loaded: ListData | null = null, delayMs = listDebounceMs): ContentListLoad {
  const key = JSON.stringify(request);
  // The results loaded with the page (./listData.ts), while they answer the list asked for.
  const [first] = useState(() => (loaded?.key === key ? loaded : null));
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<Answer | null>(() => (first ? { key, attempt: 0, result: first.result } : null));
  const [shown, setShown] = useState<Answer["result"]>(() => first?.result ?? null);
  const scheduled = useRef<string | null>(first ? key : null);
  const answered = useRef(answer);

  useEffect(() => {
    if (answered.current?.key === key && answered.current.attempt === attempt) return;
    answered.current = null;
    // The first request, a retry, or the same request again (a remount) need not wait.
    const delay = scheduled.current === null || scheduled.current === key ? 0 : delayMs;
    scheduled.current = key;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const body = JSON.parse(key) as ContentListRequest;
      client.getContentList(body, controller.signal).then(
        ({ items, total }) => {
          if (controller.signal.aborted) return;
          setAnswer({ key, attempt, result: { items, total } });
          setShown({ items, total });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.warn("the list could not be loaded:", error);
          setAnswer({ key, attempt, result: null });
        },
      );
    }, delay);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [client, key, attempt, delayMs]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const current = answer?.key === key && answer.attempt === attempt ? answer : null;
  const status = current === null ? "loading" : current.result === null ? "error" : current.result.items.length === 0 ? "empty" : "results";
  return { status, items: shown?.items ?? [], total: shown?.total ?? 0, retry };
}
