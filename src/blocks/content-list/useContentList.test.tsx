import { act, renderHook } from "@testing-library/react";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createContentClient } from "../../content/client.ts";
import type { ContentListRequest } from "../../content/contract.ts";
import { listDebounceMs, useContentList } from "./useContentList.ts";

afterEach(() => vi.useRealTimers());

const base: ContentListRequest = { contentType: 2, search: "", sort: "Descending", pageName: "Blogs", pageSize: 10, PageNo: 1, Filter: "All" };

/** A content service whose list answers the test releases one by one, in any order. */
function controlledService() {
  const calls: { body: ContentListRequest; answer: (titles: string[]) => void; signal: AbortSignal | null | undefined }[] = [];
  const fetch = vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(typeof init?.body === "string" ? init.body : "null") as ContentListRequest;
    return new Promise<Response>((resolve) => {
      calls.push({
        body,
        signal: init?.signal,
        answer: (titles) => {
          const contents = titles.map((title, i) => ({ id: i + 1, type: 2, title, ...(i === 0 ? { totalRow: titles.length } : {}) }));
          resolve(new Response(JSON.stringify({ contents }), { status: 200, headers: { "Content-Type": "application/json" } }));
        },
      });
    });
  });
  return { client: createContentClient({ base: "", timeoutMs: 60_000, fetch }), calls };
}

/** Runs a step (timers, an answer) and lets React and the promises it started settle. */
const settle = (step: () => void) =>
  act(async () => {
    step();
    await Promise.resolve();
  });

const titles = (result: { current: { items: { title: string | null }[] } }) => result.current.items.map((item) => item.title);

describe("useContentList", () => {
  it("asks for the first list at once", async () => {
    vi.useFakeTimers();
    const { client, calls } = controlledService();
    renderHook(() => useContentList(client, base));
    await settle(() => vi.advanceTimersByTime(0));
    expect(calls.map((call) => call.body)).toEqual([base]);
  });

  it("sends one request 300 ms after the last of any number of quick changes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 12 }), fc.array(fc.integer({ min: 0, max: listDebounceMs - 1 }), { minLength: 12, maxLength: 12 }), async (searches, gaps) => {
        vi.useFakeTimers();
        const { client, calls } = controlledService();
        const { rerender, unmount } = renderHook(({ request }) => useContentList(client, request), { initialProps: { request: base } });
        await settle(() => vi.advanceTimersByTime(0));
        expect(calls).toHaveLength(1);
        for (const [i, search] of searches.entries()) {
          rerender({ request: { ...base, search: `${search}-${i}` } });
          await settle(() => vi.advanceTimersByTime(gaps[i] ?? 0));
        }
        const last = `${searches.at(-1) ?? ""}-${searches.length - 1}`;
        await settle(() => vi.advanceTimersByTime(listDebounceMs));
        expect(calls.map((call) => call.body.search)).toEqual(["", last]);
        unmount();
        vi.useRealTimers();
      }),
      { numRuns: 30 },
    );
  });

  it("shows loading until the answer for the current request arrives, then results or empty", async () => {
    vi.useFakeTimers();
    const { client, calls } = controlledService();
    const { result, rerender } = renderHook(({ request }) => useContentList(client, request), { initialProps: { request: base } });
    await settle(() => vi.advanceTimersByTime(0));
    expect(result.current.status).toBe("loading");
    await settle(() => calls[0]?.answer(["One", "Two"]));
    expect(result.current).toMatchObject({ status: "results", total: 2 });
    expect(titles(result)).toEqual(["One", "Two"]);

    rerender({ request: { ...base, search: "zzz" } });
    // The earlier results stay on screen while the new ones load.
    expect(result.current.status).toBe("loading");
    expect(titles(result)).toEqual(["One", "Two"]);
    await settle(() => vi.advanceTimersByTime(listDebounceMs));
    await settle(() => calls[1]?.answer([]));
    expect(result.current).toMatchObject({ status: "empty", items: [] });
  });

  it("never lets an earlier answer overwrite a newer one", async () => {
    vi.useFakeTimers();
    const { client, calls } = controlledService();
    const { result, rerender } = renderHook(({ request }) => useContentList(client, request), { initialProps: { request: base } });
    await settle(() => vi.advanceTimersByTime(0));
    rerender({ request: { ...base, PageNo: 2 } });
    await settle(() => vi.advanceTimersByTime(listDebounceMs));
    expect(calls).toHaveLength(2);
    // The first request was cancelled when the second was asked for...
    expect(calls[0]?.signal?.aborted).toBe(true);
    await settle(() => calls[1]?.answer(["Page two"]));
    // ...and even a service that ignores the cancellation cannot bring its answer back.
    await settle(() => calls[0]?.answer(["Page one"]));
    expect(titles(result)).toEqual(["Page two"]);
    expect(result.current.status).toBe("results");
  });

  it("reports a failed request as an error, and retries at once", async () => {
    vi.useFakeTimers();
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    let fail = true;
    const fetch = vi.fn(() =>
      Promise.resolve(fail ? new Response("down", { status: 503 }) : new Response(JSON.stringify({ contents: [{ id: 1, type: 2, title: "Back", totalRow: 1 }] }), { status: 200 })),
    );
    const client = createContentClient({ base: "", timeoutMs: 60_000, fetch });
    const { result } = renderHook(() => useContentList(client, base));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current.status).toBe("error");
    fail = false;
    await settle(() => result.current.retry());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current.status).toBe("results");
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
