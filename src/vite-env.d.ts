/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_CONTENT_API_BASE?: string;
  readonly VITE_RECAPTCHA_SITE_KEY?: string;
  readonly VITE_LOADING_DELAY_MS?: string;
  readonly VITE_LIST_PAGE_SIZE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

declare module "virtual:corvane-layouts" {
  /** Every layout file by lower-cased name, resolved and validated when the build loaded it. */
  export const layoutModules: Record<string, () => Promise<{ default: import("./runtime/layout.ts").ResolvedLayout }>>;
}

declare module "virtual:block-code" {
  type BlockModule = { block: import("./runtime/block.tsx").BlockDefinition };
  /** Where the build put each block's code, by its module (relative to src/blocks): src/build/blockCode.ts. */
  export const placement: Record<string, "first" | "later" | "own">;
  export const loadFirst: () => Promise<{ modules: Record<string, BlockModule> }>;
  export const loadLater: () => Promise<{ modules: Record<string, BlockModule> }>;
  /** The blocks loaded on their own. */
  export const ownModules: Record<string, () => Promise<BlockModule>>;
}
