import type { Page } from "../content/contract.ts";
import type { ResolvedLayout } from "./layout.ts";

/** Where a page is on its way to the screen. */
export type PageLoad =
  | { status: "loading" }
  | { status: "error"; error: unknown; retry: () => void }
  | { status: "missing"; page: Page }
  /** `prerendered`: the server rendered this page; every block renders in the first pass. */
  | { status: "ready"; page: Page; layout: ResolvedLayout; prerendered?: boolean };

export type LoadedPage = Extract<PageLoad, { status: "missing" | "ready" }>;
