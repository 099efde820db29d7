/**
 * Hydration in pieces (issue 48). React hydrates a server-rendered tree in render passes that yield
 * to the browser every few milliseconds, but it commits each pass in one task: hydrating the whole
 * page at once was a commit of 150–250 ms on a phone (4x slower CPU), and Lighthouse counts every
 * millisecond of it over 50 as blocking. So the page hydrates as islands, one at a time: the header,
 * each interactive block, the footer (src/runtime/Island.tsx and PageRenderer.tsx). Each island is a
 * Suspense boundary that waits for its turn here; while it waits it keeps the server's HTML, which
 * works as HTML does (links, the header's <details>, forms that post). An island's turn comes once
 * the one before it has committed and the browser has had a task to itself: each commit is one
 * island's. Browser only, made once for the page the server sent (src/app/start.tsx).
 */
import { settled, type SettledPromise } from "./settled.ts";

/** The island of a block's section (BlockMount, ./PageRenderer.tsx). */
export const slotIsland = (slotId: string) => `slot:${slotId}`;

export interface HydrationTurns {
  /**
   * While the server's page hydrates: settles when `island` may hydrate (the first call for a name
   * asks for its turn, in the order asked). Undefined once the island has hydrated, or once every
   * island may (releaseAll).
   */
  wait: (island: string) => SettledPromise<void> | undefined;
  /** The island has hydrated (a layout effect of its own): the next one's turn comes a task later. */
  done: (island: string) => void;
  /** Settles once each of `islands` has hydrated, or was given up on (it stalled), or every island was let go. */
  hydrated: (islands: readonly string[]) => Promise<void>;
  /**
   * Every island may hydrate now, in the same pass. For any update from above (the router's state):
   * React hydrates every boundary it has not yet before it commits such an update, so one still
   * waiting for its turn would hold the update back with it.
   */
  releaseAll: () => void;
}

interface Turn {
  promise: SettledPromise<void>;
  grant: () => void;
}

/**
 * `nextTask` schedules the next turn (default: a task after the current one, through a message, which
 * no timer clamping delays); `stallMs`: an island given its turn that has not hydrated by then (its
 * code failed, it errored) does not hold the others back.
 */
export function createHydrationTurns({ nextTask = afterATask, stallMs = 3000 }: { nextTask?: (run: () => void) => void; stallMs?: number } = {}): HydrationTurns {
  const turns = new Map<string, Turn>();
  const queue: string[] = [];
  const finished = new Set<string>();
  /** Islands that had their turn and did not hydrate in time: not waited for. */
  const givenUp = new Set<string>();
  const listeners = new Set<() => void>();
  let active: string | null = null;
  let stall: ReturnType<typeof setTimeout> | undefined;
  let free = false;

  const notify = () => {
    for (const listener of listeners) listener();
  };
  const grantNext = () => {
    clearTimeout(stall);
    active = null;
    const next = queue.shift();
    if (next === undefined) return;
    active = next;
    turns.get(next)?.grant();
    stall = setTimeout(() => {
      if (active !== next) return;
      givenUp.add(next);
      notify();
      grantNext();
    }, stallMs);
  };

  return {
    wait: (island) => {
      if (free || finished.has(island)) return undefined;
      let turn = turns.get(island);
      if (!turn) {
        let grant: () => void = () => undefined;
        const promise = settled(new Promise<void>((resolve) => (grant = resolve)));
        turn = { promise, grant };
        turns.set(island, turn);
        queue.push(island);
        if (active === null) grantNext();
      }
      return turn.promise;
    },
    done: (island) => {
      if (finished.has(island)) return;
      finished.add(island);
      notify();
      if (active === island) {
        clearTimeout(stall);
        nextTask(grantNext);
      }
    },
    hydrated: (islands) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!free && !islands.every((island) => finished.has(island) || givenUp.has(island))) return;
          listeners.delete(check);
          resolve();
        };
        listeners.add(check);
        check();
      }),
    releaseAll: () => {
      if (free) return;
      free = true;
      clearTimeout(stall);
      for (const turn of turns.values()) turn.grant();
      queue.length = 0;
      notify();
    },
  };
}

/** A new task, after any already queued: a message to itself (a timer would be clamped to 4 ms after a few). */
function afterATask(run: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    run();
  };
  channel.port2.postMessage(null);
}
