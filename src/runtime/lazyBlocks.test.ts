import { afterEach, describe, expect, it, vi } from "vitest";
import { config } from "../config.ts";
import type { BlockDefinition } from "./block.tsx";
import { ChunkLoadError, loadWithTimeout, settled } from "./lazyBlocks.ts";

afterEach(() => vi.useRealTimers());

describe("loadWithTimeout", () => {
  it("uses the 120 s chunk time-out of SPEC 9", () => {
    expect(config.chunkTimeoutMs).toBe(120_000);
  });

  it("fails with a time-out once the time is up, not before", async () => {
    vi.useFakeTimers();
    const outcome = vi.fn();
    loadWithTimeout("faq", () => new Promise<BlockDefinition>(() => undefined), 120_000).catch(outcome);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledWith(expect.objectContaining({ name: "ChunkLoadError", reason: "timeout" }));
  });

  it("fails at once, as a load failure, when the code cannot be fetched", async () => {
    const error = await loadWithTimeout("faq", () => Promise.reject(new TypeError("network")), 120_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ reason: "failed" });
  });
});

describe("settled promises", () => {
  it("record their value, for React's use() to read without suspending", async () => {
    const promise = settled(Promise.resolve(7));
    expect(promise.status).toBe("pending");
    await promise;
    expect(promise).toMatchObject({ status: "fulfilled", value: 7 });
  });

  it("record a failure without leaving a second, unhandled rejection behind", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      const promise = settled(Promise.reject(new Error("no code")));
      await expect(promise).rejects.toThrow("no code");
      // Node reports unhandled rejections once the microtasks of a turn have run: the next turn of the event loop is after that (no clock involved).
      await new Promise((resolve) => setImmediate(resolve));
      expect(promise).toMatchObject({ status: "rejected" });
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });
});
