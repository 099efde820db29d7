import { describe, expect, it, vi } from "vitest";
import type { ContentClient } from "../content/client.ts";
import type { MenuGroup } from "../content/contract.ts";
import { loadMenus } from "./siteData.ts";
import { createSiteStores } from "./stores.ts";

const menus: MenuGroup[] = [{ MenuGroupName: "X-Top", MenuList: [] }];

function client(answers: (() => Promise<MenuGroup[]>)[]) {
  const getMenus = vi.fn(() => (answers.shift() ?? (() => Promise.reject(new Error("no answer"))))());
  return { client: { getMenus } as unknown as ContentClient, getMenus };
}

describe("the menus", () => {
  it("are asked once more at once when the call fails, and shown when that answers", async () => {
    const stores = createSiteStores();
    const { client: service, getMenus } = client([() => Promise.reject(new Error("down")), () => Promise.resolve(menus)]);
    expect(await loadMenus(stores, service)).toEqual(menus);
    expect(getMenus).toHaveBeenCalledTimes(2);
    expect(stores.siteData.getState().menus).toEqual(menus);
  });

  it("are marked failed after the second failure (the chrome keeps its fixed parts), and asked again by the next caller", async () => {
    const stores = createSiteStores();
    const { client: service, getMenus } = client([() => Promise.reject(new Error("down")), () => Promise.reject(new Error("still down")), () => Promise.resolve(menus)]);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(await loadMenus(stores, service)).toEqual([]);
    expect(stores.siteData.getState().menus).toBe("failed");
    expect(await loadMenus(stores, service)).toEqual(menus);
    expect(getMenus).toHaveBeenCalledTimes(3);
    expect(stores.siteData.getState().menus).toEqual(menus);
  });

  it("are one request however many ask at once, per app: two apps never share them", async () => {
    const first = createSiteStores();
    const second = createSiteStores();
    const { client: service, getMenus } = client([() => Promise.resolve(menus), () => Promise.resolve([])]);
    await Promise.all([loadMenus(first, service), loadMenus(first, service)]);
    await loadMenus(second, service);
    expect(getMenus).toHaveBeenCalledTimes(2);
    expect(second.siteData.getState().menus).toEqual([]);
    expect(first.siteData.getState().menus).toEqual(menus);
  });
});
