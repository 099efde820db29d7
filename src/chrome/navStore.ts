/**
 * The navigation's state (SPEC 4 "Navigation dropdown", "Mobile menu"), in one place:
 * which dropdown is open (at most one) and whether the mobile menu is open.
 */
import { create } from "zustand";

interface NavState {
  /** Id of the open dropdown, or null when all are closed. */
  openDropdown: string | null;
  mobileOpen: boolean;
}

export const useNavStore = create<NavState>(() => ({ openDropdown: null, mobileOpen: false }));

export const navActions = {
  /** Closes the dropdown if it is the open one (a stale close never closes another). */
  closeDropdown(id: string) {
    useNavStore.setState((state) => (state.openDropdown === id ? { openDropdown: null } : state));
  },
  /**
   * Shows the dropdown (closing any other) or hides it: what a click on its button asks, or
   * what the page already shows (a <details> the visitor opened before the code ran).
   */
  showDropdown(id: string, open: boolean) {
    if (!open) return navActions.closeDropdown(id);
    useNavStore.setState((state) => (state.openDropdown === id ? state : { openDropdown: id }));
  },
  /** The mobile menu is shown or not; a click on its button also closes any dropdown. */
  showMobile(open: boolean, { closeDropdowns = false } = {}) {
    useNavStore.setState(closeDropdowns ? { mobileOpen: open, openDropdown: null } : { mobileOpen: open });
  },
  closeAll() {
    useNavStore.setState({ openDropdown: null, mobileOpen: false });
  },
};
