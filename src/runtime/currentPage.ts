/**
 * The page on screen, for the site chrome around it (the contact shortcut reads its
 * `contactUs` flag; the footer and the consent manager wait for the first page to show).
 * The route that renders a page sets it; nothing else writes it.
 */
import { create } from "zustand";
import type { Page } from "../content/contract.ts";

export type CurrentPage =
  | { status: "loading"; page: null }
  | { status: "ready"; page: Page }
  /** Not found or not loadable: a screen is showing, but no Page. */
  | { status: "none"; page: null };

export const useCurrentPage = create<CurrentPage>(() => ({ status: "loading", page: null }));

export function setCurrentPage(next: CurrentPage): void {
  useCurrentPage.setState(next, true);
}
