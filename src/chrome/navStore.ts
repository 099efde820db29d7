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
  /**
   * What the page shows says a dropdown is open or closed (a <details> the visitor toggled
   * before the code ran, or the browser opened to show a found word): the state follows it.
   */
  showDropdown(id: string, open: boolean) {
    useNavStore.setState((state) => (open ? (state.openDropdown === id ? state : { openDropdown: id }) : state.openDropdown === id ? { openDropdown: null } : state));
  },
  showMobile(open: boolean) {
    useNavStore.setState((state) => (state.mobileOpen === open ? state : { mobileOpen: open }));
  },
  toggleMobile() {
    useNavStore.setState((state) => ({ mobileOpen: !state.mobileOpen, openDropdown: null }));
  },
  closeAll() {
    useNavStore.setState({ openDropdown: null, mobileOpen: false });
  },
};
