/**
 * Lazy block code with the chunk time-out of SPEC 8/9: a block whose code has not arrived in
 * time (or failed to arrive) fails on its own, in its own place. A block's code is requested
 * once; once it has arrived, the block renders at once, without suspending (its promise is
 * `settled`: ./settled.ts), which is what lets the server render every block and the browser
 * hydrate them.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { BlockDefinition, MountProps } from "./block.tsx";
import { blockNames, type BlockName } from "./registry.ts";
import { settled, type SettledPromise } from "./settled.ts";

export type BlockLoaders = Record<BlockName, () => Promise<BlockDefinition>>;

/**
 * A component whose code loads once, on first need, and renders at once when it has arrived
 * (the server, hydration, every later use); while it is on its way it suspends like React.lazy.
 */
export interface LazyOnce<P> {
  /** The code, requested on the first call; the same promise on every call. */
  load: () => SettledPromise<ComponentType<P>>;
  /** The component while its code is still on its way (it suspends until then). */
  Lazy: LazyExoticComponent<ComponentType<P>>;
  /** Whether the code has arrived, without asking for it. */
  loaded: () => boolean;
}

export function lazyOnce<P>(load: () => Promise<ComponentType<P>>): LazyOnce<P> {
  let pending: SettledPromise<ComponentType<P>> | undefined;
  const once = () => (pending ??= settled(load()));
  return { load: once, Lazy: lazy(() => once().then((Component) => ({ default: Component }))), loaded: () => pending?.status === "fulfilled" };
}

/** A block's component, loaded once, and a way to start loading it early. */
export interface LazyBlock extends LazyOnce<MountProps> {
  /** Starts loading the block's code, never failing (failures show where the block mounts). */
  preload: () => Promise<unknown>;
}

export type LazyBlocks = Record<BlockName, LazyBlock>;

export class ChunkLoadError extends Error {
  readonly reason: "timeout" | "failed";
  constructor(reason: "timeout" | "failed", block: string, cause?: unknown) {
    super(
      reason === "timeout"
        ? `the code of block "${block}" did not load in time`
        : `the code of block "${block}" failed to load: ${String(cause)}`,
    );
    this.name = "ChunkLoadError";
    this.reason = reason;
  }
}

export function loadWithTimeout(block: string, load: () => Promise<BlockDefinition>, timeoutMs: number): Promise<BlockDefinition> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError("timeout", block)), timeoutMs);
    load().then(
      (definition) => {
        clearTimeout(timer);
        resolve(definition);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError("failed", block, error));
      },
    );
  });
}

export function createLazyBlocks(loaders: BlockLoaders, timeoutMs: number): LazyBlocks {
  const entries = blockNames.map((name): [BlockName, LazyBlock] => {
    const block = lazyOnce(() => loadWithTimeout(name, loaders[name], timeoutMs).then((definition) => definition.Component));
    return [name, { ...block, preload: () => block.load().catch(() => undefined) }];
  });
  return Object.fromEntries(entries) as LazyBlocks;
}
