/**
 * Menu groups by slot (CONTENT-API 2). A group's name is a service-specific prefix plus
 * its slot: "X-TopNext" is the dropdown navigation, "X-Top" the main one, "X-BottomLeft" a
 * footer column, "X-Bottom" the legal row. Nothing here knows any service's prefix.
 */
import type { MenuGroup, MenuItem } from "./contract.ts";

/** Where each group shows: Top main navigation, TopNext dropdown navigation, Bottom* footer. */
export const menuSlots = ["TopNext", "Top", "BottomLeft", "BottomCenter", "BottomRight", "Bottom"] as const;
export type MenuSlot = (typeof menuSlots)[number];

export type SiteMenus = Readonly<Record<MenuSlot, readonly MenuItem[]>>;

/**
 * The slot a group name ends with (case as the contract spells it), or undefined for a group
 * the site does not show. No slot name ends another ("…TopNext" does not end in "Top"), so at
 * most one matches and the contract's "longest" never has to choose; a prefix that itself
 * contains a slot name ("Top-Menus-Bottom") does not confuse it.
 */
export function menuSlotOf(groupName: string): MenuSlot | undefined {
  const name = groupName.trim();
  return menuSlots.find((slot) => name.endsWith(slot));
}

/** The items of each slot; when a service sends two groups for one slot, the first one counts. */
export function menusBySlot(groups: readonly MenuGroup[]): SiteMenus {
  const bySlot: Record<MenuSlot, readonly MenuItem[]> = { TopNext: [], Top: [], BottomLeft: [], BottomCenter: [], BottomRight: [], Bottom: [] };
  const taken = new Set<MenuSlot>();
  for (const group of groups) {
    const slot = menuSlotOf(group.MenuGroupName);
    if (slot === undefined || taken.has(slot)) continue;
    taken.add(slot);
    bySlot[slot] = group.MenuList;
  }
  return bySlot;
}

/** Every item of the given slots, sub-items and sub-sub-items included, in menu order. */
export function allMenuItems(menus: SiteMenus, slots: readonly MenuSlot[] = menuSlots): MenuItem[] {
  const out: MenuItem[] = [];
  const walk = (items: readonly MenuItem[]) => {
    for (const item of items) {
      out.push(item);
      walk(item.SubMenu);
    }
  };
  for (const slot of slots) walk(menus[slot]);
  return out;
}
