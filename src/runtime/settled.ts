/**
 * A promise that records how it settled, in the fields React's `use` reads: `use` returns the
 * value of a fulfilled one during render instead of suspending, so code loaded before
 * hydration (or before a server render) renders in the same pass. A block's code is one
 * (./lazyBlocks.ts); the hydration's waits (./hydrationTurns.ts, ./hydrateNear.ts,
 * src/app/start.tsx) are others.
 */
import type { FulfilledReactPromise, PendingReactPromise, RejectedReactPromise } from "react";

export type SettledPromise<T> = Promise<T> & (PendingReactPromise<T> | FulfilledReactPromise<T> | RejectedReactPromise<T>);

export function settled<T>(promise: Promise<T>): SettledPromise<T> {
  const tracked: SettledPromise<T> = Object.assign(promise, { status: "pending" as const });
  // The handlers return nothing: returning `tracked` (a thenable) would make this derived promise adopt its rejection, unhandled.
  void promise.then(
    (value) => {
      void Object.assign(tracked, { status: "fulfilled" as const, value });
    },
    (reason: unknown) => {
      void Object.assign(tracked, { status: "rejected" as const, reason });
    },
  );
  return tracked;
}
