/**
 * Lazy block components with the chunk time-out of SPEC 8/9: a block whose code has not
 * arrived in time (or failed to arrive) fails on its own, in its own place.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { BlockDefinition, MountProps } from "./block.tsx";
import { blockNames, type BlockName } from "./registry.ts";

export type BlockLoaders = Record<BlockName, () => Promise<BlockDefinition>>;

export interface LazyBlock {
  Component: LazyExoticComponent<ComponentType<MountProps>>;
  /** Starts loading the block's code (above-the-fold blocks, while the loading screen shows). */
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

/** One lazy component per block, created once: a block's code is requested once, when first needed. */
export function createLazyBlocks(loaders: BlockLoaders, timeoutMs: number): LazyBlocks {
  const entries = blockNames.map((name): [BlockName, LazyBlock] => {
    let pending: Promise<BlockDefinition> | undefined;
    const load = () => (pending ??= loadWithTimeout(name, loaders[name], timeoutMs));
    return [
      name,
      {
        Component: lazy(() => load().then((definition) => ({ default: definition.Component }))),
        preload: () => load().catch(() => undefined),
      },
    ];
  });
  return Object.fromEntries(entries) as LazyBlocks;
}
