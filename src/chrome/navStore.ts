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
  /** Opens the dropdown, closing any other; the open one closes. */
  toggleDropdown(id: string) {
    useNavStore.setState((state) => ({ openDropdown: state.openDropdown === id ? null : id }));
  },
  /** Closes the dropdown if it is the open one (a stale close never closes another). */
  closeDropdown(id: string) {
    useNavStore.setState((state) => (state.openDropdown === id ? { openDropdown: null } : state));
  },
  toggleMobile() {
    useNavStore.setState((state) => ({ mobileOpen: !state.mobileOpen, openDropdown: null }));
  },
  closeAll() {
    useNavStore.setState({ openDropdown: null, mobileOpen: false });
  },
};
