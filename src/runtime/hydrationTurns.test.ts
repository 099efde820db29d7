import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createHydrationTurns } from "./hydrationTurns.ts";

/** The tasks the turns ask for, run when the test says (the browser's next task). */
function taskQueue() {
  const queued: (() => void)[] = [];
  return {
    nextTask: (run: () => void) => queued.push(run),
    runNext: () => queued.shift()?.(),
    pending: () => queued.length,
  };
}

const settledNow = async () => {
  // Each island's promise settles in a microtask.
  await Promise.resolve();
  await Promise.resolve();
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("hydration turns: the page hydrates one island at a time", () => {
  it("lets the first island asked for hydrate at once, and the others wait in the order they asked", async () => {
    const tasks = taskQueue();
    const turns = createHydrationTurns({ nextTask: tasks.nextTask });
    const header = turns.wait("header");
    const slider = turns.wait("slot:hero");
    const footer = turns.wait("footer");
    await settledNow();
    expect([header?.status, slider?.status, footer?.status]).toEqual(["fulfilled", "pending", "pending"]);
    // Asked again (React renders the island again after it suspended): the same turn.
    expect(turns.wait("slot:hero")).toBe(slider);
  });

  it("gives the next island its turn a task after the one before has committed, never in the same task", async () => {
    const tasks = taskQueue();
    const turns = createHydrationTurns({ nextTask: tasks.nextTask });
    void turns.wait("header");
    const slider = turns.wait("slot:hero");
    turns.done("header");
    await settledNow();
    expect(slider?.status).toBe("pending");
    tasks.runNext();
    await settledNow();
    expect(slider?.status).toBe("fulfilled");
  });

  it("has nothing to wait for once an island has hydrated: a later render of it renders at once", () => {
    const tasks = taskQueue();
    const turns = createHydrationTurns({ nextTask: tasks.nextTask });
    void turns.wait("header");
    turns.done("header");
    expect(turns.wait("header")).toBeUndefined();
  });

  it("lets every island go at once for an update from above (React would wait for them all)", async () => {
    const turns = createHydrationTurns({ nextTask: taskQueue().nextTask });
    void turns.wait("header");
    const waiting = [turns.wait("slot:hero"), turns.wait("footer")];
    turns.releaseAll();
    await settledNow();
    expect(waiting.map((turn) => turn?.status)).toEqual(["fulfilled", "fulfilled"]);
    expect(turns.wait("slot:later")).toBeUndefined();
  });

  it("says when the islands of the page's shell have all hydrated", async () => {
    const tasks = taskQueue();
    const turns = createHydrationTurns({ nextTask: tasks.nextTask });
    let shell = false;
    void turns.hydrated(["header", "footer"]).then(() => (shell = true));
    void turns.wait("header");
    void turns.wait("footer");
    turns.done("header");
    tasks.runNext();
    await settledNow();
    expect(shell).toBe(false);
    turns.done("footer");
    await settledNow();
    expect(shell).toBe(true);
  });

  it("does not let an island that had its turn and never hydrated (its code failed) hold the others back", async () => {
    const turns = createHydrationTurns({ nextTask: taskQueue().nextTask, stallMs: 3000 });
    let shell = false;
    void turns.hydrated(["slot:broken"]).then(() => (shell = true));
    void turns.wait("slot:broken");
    const footer = turns.wait("footer");
    await vi.advanceTimersByTimeAsync(2999);
    expect(footer?.status).toBe("pending");
    await vi.advanceTimersByTimeAsync(1);
    expect(footer?.status).toBe("fulfilled");
    expect(shell).toBe(true);
  });
});
