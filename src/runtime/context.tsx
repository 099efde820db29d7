/**
 * What the runtime needs from its host, provided once by the app: the content client, the
 * blocks (the only link to src/blocks), the layout files and the timings.
 */
import { createContext, useContext, type ReactNode } from "react";
import type { ContentClient } from "../content/client.ts";
import type { ResolvedLayout } from "./layout.ts";
import type { LazyBlocks } from "./lazyBlocks.ts";

export interface Runtime {
  client: ContentClient;
  /** The blocks, each loaded on first use (createLazyBlocks). */
  blocks: LazyBlocks;
  /** A page's layout by name, resolved; undefined when there is no such layout. */
  layouts: (name: string) => Promise<ResolvedLayout | undefined>;
  loadingDelayMs: number;
}

const RuntimeContext = createContext<Runtime | null>(null);

export function RuntimeProvider({ runtime, children }: { runtime: Runtime; children: ReactNode }) {
  return <RuntimeContext value={runtime}>{children}</RuntimeContext>;
}

export function useRuntime(): Runtime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error("useRuntime() outside <RuntimeProvider>");
  return runtime;
}
