import { afterEach, describe, expect, it, vi } from "vitest";
import { config } from "../config.ts";
import type { BlockDefinition } from "./block.tsx";
import { ChunkLoadError, loadWithTimeout } from "./lazyBlocks.ts";

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
