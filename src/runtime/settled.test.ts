import { describe, expect, it } from "vitest";
import { settled } from "./settled.ts";

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
