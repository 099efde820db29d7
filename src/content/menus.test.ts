import { describe, expect, it } from "vitest";
import { menuItem, wireMenus } from "../../tests/builders.ts";
import { MenuListSchema } from "./contract.ts";
import { allMenuItems, menuSlotOf, menusBySlot } from "./menus.ts";

const names = (items: readonly { MenuName: string }[]) => items.map((item) => item.MenuName);

describe("menuSlotOf", () => {
  it("takes the longest slot name the group name ends with", () => {
    expect(menuSlotOf("CORVANE-TopNext")).toBe("TopNext");
    expect(menuSlotOf("CORVANE-Top")).toBe("Top");
    expect(menuSlotOf("CORVANE-BottomLeft")).toBe("BottomLeft");
    expect(menuSlotOf("CORVANE-BottomCenter")).toBe("BottomCenter");
    expect(menuSlotOf("CORVANE-BottomRight")).toBe("BottomRight");
    expect(menuSlotOf("CORVANE-Bottom")).toBe("Bottom");
  });

  it("knows no prefix: any prefix, none at all, or one that itself contains a slot name", () => {
    expect(menuSlotOf("ACME_TopNext")).toBe("TopNext");
    expect(menuSlotOf("Top")).toBe("Top");
    expect(menuSlotOf("BottomTopNext")).toBe("TopNext");
    expect(menuSlotOf("TopNext.Bottom")).toBe("Bottom");
    expect(menuSlotOf(" northwind-BottomRight ")).toBe("BottomRight");
  });

  it("ignores groups that end in no slot name", () => {
    expect(menuSlotOf("CORVANE-Sidebar")).toBeUndefined();
    expect(menuSlotOf("CORVANE-Top-Legacy")).toBeUndefined();
    expect(menuSlotOf("")).toBeUndefined();
  });
});

describe("menusBySlot", () => {
  it("finds every slot of a service whose prefix is not the fixtures'", () => {
    const menus = menusBySlot(MenuListSchema.parse(wireMenus("Northwind Menu ")));
    expect(names(menus.Top)).toEqual(["About Us", "People", "Experience Center", "Contact Us"]);
    expect(names(menus.TopNext)).toEqual(["Brand & Creative", "Smart Work", "Insights"]);
    expect(names(menus.BottomLeft)).toEqual(["Brand & Creative Solutions", "Smart Work Solutions"]);
    expect(names(menus.BottomCenter)).toEqual(["About Us", "Careers", "Partner Portal"]);
    expect(names(menus.BottomRight)).toEqual(["Blogs", "Contact Us"]);
    expect(names(menus.Bottom)).toEqual(["Privacy Policy", "Cookie Settings", "Do Not Sell or Share My Information"]);
  });

  it("keeps the first group of a slot and leaves slots without a group empty", () => {
    const menus = menusBySlot(
      MenuListSchema.parse([
        { MenuGroupName: "A-Top", MenuList: [menuItem("First", "/first")] },
        { MenuGroupName: "B-Top", MenuList: [menuItem("Second", "/second")] },
        { MenuGroupName: "A-Unknown", MenuList: [menuItem("Nowhere", "/nowhere")] },
      ]),
    );
    expect(names(menus.Top)).toEqual(["First"]);
    expect(menus.TopNext).toEqual([]);
    expect(allMenuItems(menus).map((item) => item.MenuName)).toEqual(["First"]);
  });

  it("walks sub-items and sub-sub-items in menu order", () => {
    const menus = menusBySlot(MenuListSchema.parse(wireMenus("X-")));
    expect(names(allMenuItems(menus, ["TopNext"])).slice(0, 5)).toEqual([
      "Brand & Creative",
      "Branding & Creative",
      "Creative Production",
      "Presentation Services",
      "3D Solutions",
    ]);
  });
});
