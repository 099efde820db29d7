import { describe, expect, it, vi } from "vitest";
import type { ContentClient } from "../content/client.ts";
import type { MenuGroup } from "../content/contract.ts";
import { siteChromeSource } from "./siteData.ts";

const menus: MenuGroup[] = [{ MenuGroupName: "X-Top", MenuList: [] }];

function client(answers: (() => Promise<MenuGroup[]>)[]) {
  const getMenus = vi.fn(() => (answers.shift() ?? (() => Promise.reject(new Error("no answer"))))());
  const getResources = vi.fn(() => Promise.resolve({ "FOOTER-COPYRIGHT": "(c) X" }));
  return { client: { getMenus, getResources } as unknown as ContentClient, getMenus, getResources };
}

describe("the site's chrome", () => {
  it("asks for the menus once more at once when the call fails, and has them when that answers", async () => {
    const { client: service, getMenus } = client([() => Promise.reject(new Error("down")), () => Promise.resolve(menus)]);
    const chrome = siteChromeSource(service);
    expect(await chrome.load()).toEqual({ menus, resources: { "FOOTER-COPYRIGHT": "(c) X" } });
    expect(getMenus).toHaveBeenCalledTimes(2);
    expect(chrome.menusFailed()).toBe(false);
  });

  it("says the menus failed after the second failure (the chrome keeps its fixed parts), and asks again for the next page", async () => {
    const { client: service, getMenus } = client([() => Promise.reject(new Error("down")), () => Promise.reject(new Error("still down")), () => Promise.resolve(menus)]);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const chrome = siteChromeSource(service);
    expect((await chrome.load()).menus).toBe("failed");
    expect(chrome.menusFailed()).toBe(true);
    expect((await chrome.load()).menus).toEqual(menus);
    expect(getMenus).toHaveBeenCalledTimes(3);
    expect(chrome.menusFailed()).toBe(false);
  });

  it("is one request per kind however many ask (the root route's loader and the page's), per app: two apps never share them", async () => {
    const { client: service, getMenus, getResources } = client([() => Promise.resolve(menus), () => Promise.resolve([])]);
    const first = siteChromeSource(service);
    const second = siteChromeSource(service);
    await Promise.all([first.load(), first.load()]);
    await first.load();
    expect((await second.load()).menus).toEqual([]);
    expect(getMenus).toHaveBeenCalledTimes(2);
    expect(getResources).toHaveBeenCalledTimes(2);
    expect((await first.load()).menus).toEqual(menus);
  });

  it("starts from the chrome the server rendered the page with, asking nothing; menus that failed there are asked for the next page", async () => {
    const { client: service, getMenus, getResources } = client([() => Promise.resolve(menus)]);
    const served = siteChromeSource(service, { menus, resources: {} });
    expect(await served.load()).toEqual({ menus, resources: {} });
    expect(getMenus).not.toHaveBeenCalled();
    const failedThere = siteChromeSource(service, { menus: "failed", resources: {} });
    expect(failedThere.menusFailed()).toBe(true);
    expect((await failedThere.load()).menus).toEqual(menus);
    expect(getResources).not.toHaveBeenCalled();
  });
});
